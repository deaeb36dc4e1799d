// Projector specs: given events, then the rows of the projector's table (test/support/projector-spec.ts
// applies them as one batch and one at a time). One suite per projector of projections/projectors/.
import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { allProjectors } from '../../projections/projectors/all-projectors.ts';
import { accountProjector } from '../../projections/projectors/account-projector.ts';
import { apiKeyProjector } from '../../projections/projectors/api-key-projector.ts';
import { analysisJobProjector } from '../../projections/projectors/analysis-job-projector.ts';
import { coaSectionProjector, coaStatementProjector } from '../../projections/projectors/coa-statement-projector.ts';
import { documentProjector } from '../../projections/projectors/document-projector.ts';
import { documentOrdersProjector } from '../../projections/projectors/document-orders-projector.ts';
import { generatedMapProjector } from '../../projections/projectors/generated-map-projector.ts';
import { generationJobProjector } from '../../projections/projectors/generation-job-projector.ts';
import { identityProjector } from '../../projections/projectors/identity-projector.ts';
import { llmSimulationProjector } from '../../projections/projectors/llm-simulation-projector.ts';
import { mapLayerProjector } from '../../projections/projectors/map-layer-projector.ts';
import { mapProjector } from '../../projections/projectors/map-projector.ts';
import { operationHistoryProjector } from '../../projections/projectors/operation-history-projector.ts';
import { operationProjector } from '../../projections/projectors/operation-projector.ts';
import { planningRecordProjector } from '../../projections/projectors/planning-record-projector.ts';
import { sessionProjector } from '../../projections/projectors/session-projector.ts';
import { terrainJobProjector } from '../../projections/projectors/terrain-job-projector.ts';
import { terrainQuestionProjector } from '../../projections/projectors/terrain-question-projector.ts';
import { minute, openProjectorSpecs, type ProjectorSpecs } from '../support/projector-spec.ts';

const specs: ProjectorSpecs = await openProjectorSpecs();
const id = () => randomUUID();
const sha = (c: string) => c.repeat(64);

const accounts = suite('accounts projector');
accounts("AccountRegistered: one row, at the event's time; a second registration changes nothing", async () => {
  const a = id();
  await (
    await specs.given([
      { stream: `account-${a}`, type: 'AccountRegistered', data: { account_id: a, name: 'acme' } },
      { stream: `account-${a}`, type: 'AccountRegistered', data: { account_id: a, name: 'renamed' } },
    ])
  ).thenRows(accountProjector, 'accounts', [{ account_id: a, name: 'acme', created_at: minute(0) }]);
});
accounts.run();

const apiKeys = suite('api_keys projector');
apiKeys(
  "ApiKeyCreated then ApiKeyRevoked: the key's row, revoked at the revocation's time; other keys untouched",
  async () => {
    const [account, k1, k2] = [id(), id(), id()];
    const created = (key: string, name: string, expires_at: string | null) => ({
      stream: `api_key-${key}`,
      type: 'ApiKeyCreated',
      data: {
        api_key_id: key,
        account_id: account,
        name,
        key_prefix: `ops_${name}`,
        secret_sha256: sha('a'),
        expires_at,
      },
    });
    await (
      await specs.given([
        created(k1, 'ci', '2027-01-01T00:00:00.000Z'),
        created(k2, 'laptop', null),
        { stream: `api_key-${k1}`, type: 'ApiKeyRevoked', data: { api_key_id: k1 } },
      ])
    ).thenRows(
      apiKeyProjector,
      'api_keys',
      [
        {
          api_key_id: k1,
          account_id: account,
          name: 'ci',
          key_prefix: 'ops_ci',
          secret_sha256: sha('a'),
          created_at: minute(0),
          expires_at: '2027-01-01T00:00:00.000Z',
          revoked_at: minute(2),
        },
        {
          api_key_id: k2,
          account_id: account,
          name: 'laptop',
          key_prefix: 'ops_laptop',
          secret_sha256: sha('a'),
          created_at: minute(1),
          expires_at: null,
          revoked_at: null,
        },
      ].sort((x, y) => x.api_key_id.localeCompare(y.api_key_id)),
    );
  },
);
apiKeys.run();

const identities = suite('identities projector');
identities("IdentityLinked: one row per identity, linked at the event's time", async () => {
  const [identity, account] = [id(), id()];
  await (
    await specs.given([
      {
        stream: `identity-${identity}`,
        type: 'IdentityLinked',
        data: {
          identity_id: identity,
          issuer: 'https://idp.example',
          subject: 'u-1',
          account_id: account,
          linked_by: 'first_login',
        },
      },
    ])
  ).thenRows(identityProjector, 'identities', [
    {
      identity_id: identity,
      issuer: 'https://idp.example',
      subject: 'u-1',
      account_id: account,
      linked_by: 'first_login',
      linked_at: minute(0),
    },
  ]);
});
identities.run();

const sessions = suite('sessions projector');
sessions(
  "SessionStarted, SessionRefreshed, SessionEnded: last seen from the refresh, ended at the end's time with its reason",
  async () => {
    const [session, account, identity] = [id(), id(), id()];
    await (
      await specs.given([
        {
          stream: `session-${session}`,
          type: 'SessionStarted',
          data: {
            session_id: session,
            account_id: account,
            identity_id: identity,
            secret_sha256: sha('b'),
            started_at: minute(0),
            expires_at: minute(600),
            idle_timeout_seconds: 1800,
          },
        },
        {
          stream: `session-${session}`,
          type: 'SessionRefreshed',
          data: { session_id: session, last_seen_at: minute(20) },
        },
        { stream: `session-${session}`, type: 'SessionEnded', data: { session_id: session, reason: 'logout' } },
      ])
    ).thenRows(sessionProjector, 'sessions', [
      {
        session_id: session,
        account_id: account,
        identity_id: identity,
        secret_sha256: sha('b'),
        started_at: minute(0),
        last_seen_at: minute(20),
        expires_at: minute(600),
        idle_timeout_seconds: 1800,
        ended_at: minute(2),
        end_reason: 'logout',
      },
    ]);
  },
);
sessions.run();

const operations = suite('operations projector');
operations(
  'OperationCreated, OperationUpdated, OperationDeleted: the fields, the revision and the three times',
  async () => {
    const [op, account] = [id(), id()];
    const fields = {
      name: 'Op North',
      unit: '1st Bn',
      branch: 'infantry',
      echelon: 'battalion',
      unit_id: null,
      parent_id: null,
      description: null,
    };
    await (
      await specs.given([
        {
          stream: `operation-${op}`,
          type: 'OperationCreated',
          data: { operation_id: op, account_id: account, ...fields },
        },
        {
          stream: `operation-${op}`,
          type: 'OperationUpdated',
          data: { operation_id: op, changes: { name: 'Op South', description: 'moved' } },
        },
      ])
    ).thenRows(operationProjector, 'operations', [
      {
        operation_id: op,
        account_id: account,
        ...fields,
        name: 'Op South',
        description: 'moved',
        revision: 1,
        created_at: minute(0),
        updated_at: minute(1),
        deleted_at: null,
      },
    ]);
    const other = id();
    await (
      await specs.given([
        {
          stream: `operation-${other}`,
          type: 'OperationCreated',
          data: { operation_id: other, account_id: account, ...fields },
        },
        { stream: `operation-${other}`, type: 'OperationDeleted', data: { operation_id: other } },
      ])
    ).thenRows(operationProjector, 'operations', [
      {
        operation_id: other,
        name: 'Op North',
        revision: 1,
        created_at: minute(0),
        updated_at: minute(1),
        deleted_at: minute(1),
      },
    ]);
  },
);
operations.run();

const square = (x: number) => ({
  type: 'Feature',
  id: id(),
  properties: { name: `square ${x}` },
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [x, 60],
        [x + 1, 60],
        [x + 1, 61],
        [x, 61],
        [x, 60],
      ],
    ],
  },
});
const layerEvent = (map: string, layer: string, version: number, features: unknown[]) => ({
  stream: `map-${map}`,
  type: version === 1 ? 'MapLayerAdded' : 'MapLayerReplaced',
  data: {
    map_id: map,
    layer_id: layer,
    layer_type: 'named_area',
    title: `areas v${version}`,
    version,
    feature_collection: { type: 'FeatureCollection', features },
  },
});

const maps = suite('maps projector');
maps("MapCreated, then layer events: the map's revision and updated time follow its stream", async () => {
  const [map, op, account, layer] = [id(), id(), id(), id()];
  const given = await specs.given([
    {
      stream: `map-${map}`,
      type: 'MapCreated',
      data: { map_id: map, operation_id: op, account_id: account, name: 'Main' },
      operation: op,
    },
    layerEvent(map, layer, 1, [square(24)]),
    layerEvent(map, layer, 2, [square(25)]),
  ]);
  await given.thenRows(mapProjector, 'maps', [
    {
      map_id: map,
      operation_id: op,
      account_id: account,
      name: 'Main',
      revision: 2,
      created_position: given.events[0]!.position,
      created_at: minute(0),
      updated_at: minute(2),
    },
  ]);
});
maps.run();

const mapLayers = suite('map_layers projector');
mapLayers('a layer and its replacement: the summary of the newest version, its features only', async () => {
  const [map, layer] = [id(), id()];
  const [a, b, c] = [square(24), square(26), square(30)];
  const given = await specs.given([layerEvent(map, layer, 1, [a]), layerEvent(map, layer, 2, [b, c])]);
  await given.thenRows(mapLayerProjector, 'map_layers', [
    {
      layer_id: layer,
      map_id: map,
      layer_type: 'named_area',
      title: 'areas v2',
      version: 2,
      feature_count: 2,
      min_lon: 26,
      min_lat: 60,
      max_lon: 31,
      max_lat: 61,
      time_min: minute(1),
      time_max: minute(1),
      created_position: given.events[0]!.position,
      created_at: minute(0),
      updated_at: minute(1),
    },
  ]);
  await given.thenRows(
    mapLayerProjector,
    'map_features',
    [
      { layer_id: layer, ordinal: 0, feature_id: b.id, layer_version: 2, feature_time: minute(1), feature: b },
      { layer_id: layer, ordinal: 1, feature_id: c.id, layer_version: 2, feature_time: minute(1), feature: c },
    ],
    ['ordinal'],
  );
});
mapLayers('a version at or below the stored one changes nothing', async () => {
  const [map, layer] = [id(), id()];
  const first = square(24);
  // The same layer added twice (as a redelivered event would be): the first version stays.
  const given = await specs.given([
    layerEvent(map, layer, 1, [first]),
    { ...layerEvent(map, layer, 1, [square(40)]), stream: `map-${id()}` },
  ]);
  await given.thenRows(mapLayerProjector, 'map_features', [{ feature_id: first.id, layer_version: 1 }]);
});
mapLayers.run();

const history = suite('operation_history projector');
history(
  'every event with an operation in its metadata, in order, with its metadata and data; others are left out',
  async () => {
    const [op, account, map] = [id(), id(), id()];
    const given = await specs.given([
      { stream: `account-${account}`, type: 'AccountRegistered', data: { account_id: account, name: 'acme' } },
      {
        stream: `map-${map}`,
        type: 'MapCreated',
        data: { map_id: map, operation_id: op, account_id: account, name: 'Main' },
        operation: op,
        account,
      },
      { stream: `operation-${op}`, type: 'OperationDeleted', data: { operation_id: op }, operation: op, account },
    ]);
    await given.thenRows(
      operationHistoryProjector,
      'operation_history',
      given.events.slice(1).map((e, i) => ({
        position: e.position,
        operation_id: op,
        stream_id: e.stream_id,
        revision: 0,
        type: e.type,
        version: 1,
        occurred_at: minute(i + 1),
        account_id: account,
        api_key_id: null,
        correlation_id: e.metadata.correlation_id,
        causation_id: null,
        data: e.data,
      })),
    );
  },
);
history.run();

const documents = suite('documents projector');
documents(
  'uploaded, text extracted, deleted, uploaded again: one row, its newest life, created at the new upload',
  async () => {
    const [doc, op, account, upload1, upload2] = [id(), id(), id(), id(), id()];
    const ref = (upload_id: string) => ({ document_id: doc, operation_id: op, upload_id });
    const by = { account_id: account, api_key_id: null, at: minute(0) };
    const uploaded = (upload_id: string) => ({
      stream: `document-${doc}`,
      type: 'DocumentUploaded',
      data: {
        ...ref(upload_id),
        account_id: account,
        storage_key: `documents/${op}/${upload_id}`,
        file_name: 'annex.md',
        media_type: 'text/markdown',
        declared_media_type: null,
        size: 9,
        sha256: sha('c'),
        description: null,
        classification: 'UNCLASSIFIED',
        by,
      },
    });
    const extracted = {
      stream: `document-${doc}`,
      type: 'DocumentTextExtracted',
      data: {
        ...ref(upload1),
        text_key: `documents/${op}/${upload1}.txt`,
        page_count: null,
        characters: 9,
        truncated: false,
      },
    };
    const record = (upload_id: string) => ({
      document_id: doc,
      operation_id: op,
      account_id: account,
      upload_id,
      storage_key: `documents/${op}/${upload_id}`,
      file_name: 'annex.md',
      media_type: 'text/markdown',
      declared_media_type: null,
      size: 9,
      sha256: sha('c'),
      description: null,
      classification: 'UNCLASSIFIED',
      uploaded_by: by,
    });
    await (
      await specs.given([
        uploaded(upload1),
        extracted,
        { stream: `document-${doc}`, type: 'DocumentDeleted', data: { ...ref(upload1), by } },
      ])
    ).thenRows(documentProjector, 'documents', [
      {
        ...record(upload1),
        text_status: 'extracted',
        text_key: `documents/${op}/${upload1}.txt`,
        page_count: null,
        characters: 9,
        text_truncated: false,
        failure_code: null,
        failure_message: null,
        created_at: minute(0),
        updated_at: minute(2),
        deleted_at: minute(2),
      },
    ]);
    const other = id();
    await (
      await specs.given([
        { ...uploaded(upload1), stream: `document-${other}`, data: { ...uploaded(upload1).data, document_id: other } },
        {
          stream: `document-${other}`,
          type: 'DocumentTextExtractionFailed',
          data: { ...ref(upload1), document_id: other, code: 'unreadable', message: 'no text' },
        },
        { stream: `document-${other}`, type: 'DocumentDeleted', data: { ...ref(upload1), document_id: other, by } },
        { ...uploaded(upload2), stream: `document-${other}`, data: { ...uploaded(upload2).data, document_id: other } },
      ])
    ).thenRows(documentProjector, 'documents', [
      {
        ...record(upload2),
        document_id: other,
        text_status: 'pending',
        text_key: null,
        page_count: null,
        characters: null,
        text_truncated: false,
        failure_code: null,
        failure_message: null,
        created_at: minute(3),
        updated_at: minute(3),
        deleted_at: null,
      },
    ]);
  },
);
documents.run();

// Folded with the document-orders decider (tested on its own): the spec checks the row around it.
const documentOrders = suite('document_orders projector');
documentOrders(
  'uploaded, extracted, orders read, read again for an older upload, deleted: the orders, read at their event',
  async () => {
    const [doc, op, account, upload1, stale] = [id(), id(), id(), id(), id()];
    const ref = (upload_id: string) => ({ document_id: doc, operation_id: op, upload_id });
    const stream = `document-${doc}`;
    const by = { account_id: account, api_key_id: null, at: minute(0) };
    await (
      await specs.given([
        {
          stream,
          type: 'DocumentUploaded',
          data: {
            ...ref(upload1),
            account_id: account,
            storage_key: `documents/${op}/${upload1}`,
            file_name: 'note.md',
            media_type: 'text/markdown',
            declared_media_type: null,
            size: 9,
            sha256: sha('d'),
            description: null,
            classification: null,
            by,
          },
        },
        {
          stream,
          type: 'DocumentTextExtracted',
          data: {
            ...ref(upload1),
            text_key: `documents/${op}/${upload1}.txt`,
            page_count: null,
            characters: 9,
            truncated: false,
          },
        },
        { stream, type: 'OrdersRead', data: { ...ref(upload1), record_version: 1, orders: [] } },
        { stream, type: 'OrdersRead', data: { ...ref(stale), record_version: 1, orders: [] } },
        { stream, type: 'DocumentDeleted', data: { ...ref(upload1), by } },
      ])
    ).thenRows(documentOrdersProjector, 'document_orders', [
      {
        ...ref(upload1),
        account_id: account,
        status: 'deleted',
        text_status: 'extracted',
        orders: [],
        record_version: 1,
        read_at: minute(2),
      },
    ]);
  },
);
documentOrders.run();

const generatedMaps = suite('generated_maps projector');
generatedMaps('two renderings of one asset: the newest, counted, created at its own time', async () => {
  const [gm, op, map] = [id(), id(), id()];
  const rendering = (n: number) => ({
    generated_map_id: gm,
    operation_id: op,
    map_id: map,
    asset_path: 'area-overview.png',
    kind: 'area_overview',
    title: `Area ${n}`,
    inputs: { [`map-${map}`]: String(n) },
    input_hash: `${n}`.repeat(16),
    renderer_version: 'r1',
    blob_key: `maps/${n}.png`,
    content_type: 'image/png',
    size: 100 + n,
    sha256: sha(String(n)),
    width: 800,
    height: 600,
  });
  await (
    await specs.given(
      [1, 2].map((n) => ({
        stream: `generated_map-${gm}`,
        type: 'GeneratedMapCreated',
        data: rendering(n),
        operation: op,
      })),
    )
  ).thenRows(generatedMapProjector, 'generated_maps', [{ ...rendering(2), renderings: 2, created_at: minute(1) }]);
});
generatedMaps.run();

const planningRecords = suite('planning_records projector');
planningRecords(
  'two updates of a mission analysis: text from the latest, items upserted and removed in order, version 2',
  async () => {
    const [record, op, account, item1, item2] = [id(), id(), id(), id(), id()];
    const by = (n: number) => ({ account_id: account, api_key_id: null, origin: 'human', at: minute(n) });
    const base = { record_id: record, operation_id: op, account_id: account, type: 'specified_tasks' };
    await (
      await specs.given([
        {
          stream: `mission_analysis-${record}`,
          type: 'MissionAnalysisUpdated',
          data: {
            ...base,
            text: 'Seize the bridge',
            by: by(0),
            upserted_items: [
              { item_id: item1, text: 'Seize OBJ A', updated_by: by(0) },
              { item_id: item2, text: 'Screen east', updated_by: by(0) },
            ],
          },
        },
        {
          stream: `mission_analysis-${record}`,
          type: 'MissionAnalysisUpdated',
          data: {
            ...base,
            by: by(1),
            removed_item_ids: [item1],
            upserted_items: [{ item_id: item2, text: 'Screen north-east', updated_by: by(1) }],
          },
        },
      ])
    ).thenRows(planningRecordProjector, 'planning_records', [
      {
        ...base,
        kind: 'mission_analysis',
        coa_statement_id: null,
        text: 'Seize the bridge',
        text_updated_by: by(0),
        items: [{ item_id: item2, text: 'Screen north-east', updated_by: by(1) }],
        version: 2,
        created_at: minute(0),
        updated_at: minute(1),
      },
    ]);
  },
);
planningRecords.run();

const coaProvenance = (account: string, n: number) => ({
  account_id: account,
  api_key_id: null,
  origin: 'human',
  at: minute(n),
});

const coaStatements = suite('coa_statements projector');
coaStatements(
  'created, screened, arranged, deleted: fields, screening merged, order, version 4, deleted at the deletion',
  async () => {
    const [coa, op, account, s1, s2] = [id(), id(), id(), id(), id()];
    const ref = { coa_statement_id: coa, operation_id: op };
    const stream = `coa_statement-${coa}`;
    const meets = { verdict: 'meets', rationale: 'enough combat power', assessed_by: coaProvenance(account, 1) };
    await (
      await specs.given([
        {
          stream,
          type: 'COAStatementCreated',
          data: {
            ...ref,
            account_id: account,
            name: 'COA 1',
            description: null,
            sketch_map_id: null,
            by: coaProvenance(account, 0),
          },
        },
        {
          stream,
          type: 'COAStatementUpdated',
          data: {
            ...ref,
            changes: { description: 'North' },
            screening: { feasible: meets },
            by: coaProvenance(account, 1),
          },
        },
        {
          stream,
          type: 'COAStatementSectionsArranged',
          data: { ...ref, section_ids: [s2, s1], by: coaProvenance(account, 2) },
        },
        { stream, type: 'COAStatementDeleted', data: { ...ref, by: coaProvenance(account, 3) } },
      ])
    ).thenRows(coaStatementProjector, 'coa_statements', [
      {
        ...ref,
        account_id: account,
        name: 'COA 1',
        description: 'North',
        sketch_map_id: null,
        screening: { feasible: meets },
        section_order: [s2, s1],
        created_by: coaProvenance(account, 0),
        updated_by: coaProvenance(account, 3),
        version: 4,
        created_at: minute(0),
        updated_at: minute(3),
        deleted_at: minute(3),
      },
    ]);
  },
);
coaStatements.run();

const coaSections = suite('coa_statement_sections projector');
coaSections(
  'added, updated, removed: the changed fields, the position it was added at, removed at the removal',
  async () => {
    const [section, coa, op, account] = [id(), id(), id(), id()];
    const ref = { section_id: section, coa_statement_id: coa, operation_id: op };
    const stream = `coa_statement_section-${section}`;
    const given = await specs.given([
      {
        stream,
        type: 'COAStatementSectionAdded',
        data: {
          ...ref,
          account_id: account,
          title: 'Main effort',
          content: null,
          field: null,
          by: coaProvenance(account, 0),
        },
      },
      {
        stream,
        type: 'COAStatementSectionUpdated',
        data: { ...ref, changes: { content: 'Seize OBJ A' }, by: coaProvenance(account, 1) },
      },
      { stream, type: 'COAStatementSectionRemoved', data: { ...ref, by: coaProvenance(account, 2) } },
    ]);
    await given.thenRows(coaSectionProjector, 'coa_statement_sections', [
      {
        ...ref,
        account_id: account,
        title: 'Main effort',
        content: 'Seize OBJ A',
        field: null,
        created_by: coaProvenance(account, 0),
        updated_by: coaProvenance(account, 2),
        version: 3,
        created_at: minute(0),
        updated_at: minute(2),
        added_position: given.events[0]!.position,
        removed_at: minute(2),
      },
    ]);
  },
);
coaSections.run();

const llmSimulations = suite('llm_simulations projector');
llmSimulations(
  'recorded then deleted: the content as written, seed null when absent, deleted at the deletion',
  async () => {
    const [sim, coa, op, account] = [id(), id(), id(), id()];
    const ref = { simulation_id: sim, coa_statement_id: coa, operation_id: op };
    const content = {
      title: 'COA 1 vs MLCOA',
      method: 'box',
      enemy_coa: null,
      summary: null,
      model: null,
      turns: [
        {
          turn: 1,
          critical_event: 'River crossing',
          time: null,
          action: 'Cross',
          reaction: 'Counter-attack',
          counteraction: 'Fix',
          result: null,
          decision_point: null,
        },
      ],
      assessments: [{ criterion: 'Speed', score: 70, rationale: null }],
      inputs: [{ kind: 'coa_statement', id: coa, version: 2 }],
    };
    await (
      await specs.given([
        {
          stream: `llm_simulation-${sim}`,
          type: 'LLMSimulationRecorded',
          data: { ...ref, account_id: account, ...content, by: coaProvenance(account, 0) },
        },
        {
          stream: `llm_simulation-${sim}`,
          type: 'LLMSimulationDeleted',
          data: { ...ref, by: coaProvenance(account, 1) },
        },
      ])
    ).thenRows(llmSimulationProjector, 'llm_simulations', [
      {
        ...ref,
        account_id: account,
        ...content,
        seed: null,
        created_by: coaProvenance(account, 0),
        created_at: minute(0),
        deleted_at: minute(1),
      },
    ]);
  },
);
llmSimulations.run();

// The job projectors fold with their aggregate's decider (tested on its own); their specs check the
// row around the folded state: key columns, status, the request's position and the two times.
const terrainJobs = suite('terrain_jobs projector');
terrainJobs(
  "requested, a phase queued, cancelled: status and zoom, request position, times, and the job's work tiles",
  async () => {
    const [job, map, op, account, boundary] = [id(), id(), id(), id(), id()];
    const stream = `terrain_job-${job}`;
    const given = await specs.given([
      {
        stream,
        type: 'TerrainJobRequested',
        data: {
          job_id: job,
          map_id: map,
          operation_id: op,
          account_id: account,
          boundary_layer_id: boundary,
          boundary_shape: {},
          include_population: false,
          include_buildings: false,
          work_zoom: 12,
          work_tiles: [
            [2330, 1185],
            [2331, 1185],
          ],
          sources: {},
        },
      },
      {
        stream,
        type: 'TerrainPhaseQueued',
        data: { job_id: job, phase: 'terrain_source_artifacts', task_id: `${job}:terrain_source_artifacts` },
      },
      { stream, type: 'TerrainJobCanceled', data: { job_id: job, reason: 'stop' } },
    ]);
    await given.thenRows(terrainJobProjector, 'terrain_jobs', [
      {
        job_id: job,
        map_id: map,
        operation_id: op,
        account_id: account,
        status: 'cancelled',
        work_zoom: 12,
        requested_position: given.events[0]!.position,
        created_at: minute(0),
        updated_at: minute(2),
      },
    ]);
    await given.thenRows(
      terrainJobProjector,
      'terrain_job_tiles',
      [
        { job_id: job, x: 2330, y: 1185 },
        { job_id: job, x: 2331, y: 1185 },
      ],
      ['x'],
    );
  },
);
terrainJobs.run();

const analysisJobs = suite('analysis_jobs projector');
analysisJobs('requested, queued, completed with a layer: the row moves to success with that layer', async () => {
  const [analysis, map, op, account, layer] = [id(), id(), id(), id(), id()];
  const stream = `analysis-${analysis}`;
  const given = await specs.given([
    {
      stream,
      type: 'AnalysisRequested',
      data: {
        analysis_id: analysis,
        map_id: map,
        operation_id: op,
        account_id: account,
        analysis_type: 'viewshed',
        title: 'OP 1',
        parameters: { radius_m: 300 },
        work_zoom: 12,
        work_tiles: [[2330, 1185]],
        elevation_source: 'on_demand',
        terrain_job_id: null,
      },
    },
    { stream, type: 'AnalysisQueued', data: { analysis_id: analysis, task_id: analysis } },
    {
      stream,
      type: 'AnalysisCompleted',
      data: { analysis_id: analysis, result: { visible_cells: 12 }, layer_id: layer },
    },
  ]);
  await given.thenRows(analysisJobProjector, 'analysis_jobs', [
    {
      analysis_id: analysis,
      map_id: map,
      operation_id: op,
      account_id: account,
      analysis_type: 'viewshed',
      status: 'success',
      layer_id: layer,
      requested_position: given.events[0]!.position,
      created_at: minute(0),
      updated_at: minute(2),
    },
  ]);
});
analysisJobs.run();

const generationJobs = suite('generation_jobs projector');
generationJobs('requested then failed: the target, status failed, request position and times', async () => {
  const [job, op, account, record] = [id(), id(), id(), id()];
  const stream = `generation-${job}`;
  const given = await specs.given([
    {
      stream,
      type: 'GenerationRequested',
      data: {
        job_id: job,
        operation_id: op,
        account_id: account,
        api_key_id: null,
        target_kind: 'warno',
        record_id: record,
        record_type: 'mission',
        instructions: null,
        document_ids: [],
        overwrite: false,
        base_version: 0,
      },
    },
    { stream, type: 'GenerationFailed', data: { job_id: job, code: 'LLM_TIMEOUT', message: 'no answer in 60 s' } },
  ]);
  await given.thenRows(generationJobProjector, 'generation_jobs', [
    {
      job_id: job,
      operation_id: op,
      account_id: account,
      target_kind: 'warno',
      record_id: record,
      status: 'failed',
      requested_position: given.events[0]!.position,
      created_at: minute(0),
      updated_at: minute(1),
    },
  ]);
});
generationJobs.run();

const terrainQuestions = suite('terrain_questions projector');
terrainQuestions(
  'asked then failed: status failed, request position and times; asking again changes nothing',
  async () => {
    const [question, map, op, account] = [id(), id(), id(), id()];
    const stream = `terrain_question-${question}`;
    const asked = {
      question_id: question,
      map_id: map,
      operation_id: op,
      account_id: account,
      api_key_id: null,
      question: 'Where can we cross?',
      max_steps: null,
    };
    const given = await specs.given([
      { stream, type: 'TerrainQuestionAsked', data: asked },
      {
        stream,
        type: 'TerrainQuestionFailed',
        data: { question_id: question, code: 'LLM_TIMEOUT', message: 'no answer', tool_calls: [] },
      },
      { stream, type: 'TerrainQuestionAsked', data: asked },
    ]);
    await given.thenRows(terrainQuestionProjector, 'terrain_questions', [
      {
        question_id: question,
        map_id: map,
        operation_id: op,
        account_id: account,
        status: 'failed',
        requested_position: given.events[0]!.position,
        created_at: minute(0),
        updated_at: minute(1),
      },
    ]);
  },
);
terrainQuestions.run();

// Last (uvu runs suites in order): every projector of the service has a spec above; then the
// database closes.
const closing = suite('projector specs: every projector');
closing('each projector the runner applies has a spec', () => {
  assert.equal(
    allProjectors.map((p) => p.name).filter((name) => !specs.covered.has(name)),
    [],
  );
});
closing.after(() => specs.close());
closing.run();
