// The three planning products as outlines (record-document.ts): the mission analysis (ATP 5-0.2-1
// substeps), the WARNO (FM 6-0 appendix C five paragraphs) and the COA statements (ATP 5-0.2-1
// paras 2-144 to 2-146, one COA after another with its fields). A missing paragraph names the
// request that writes it.
import {
  COA_STATEMENT_CATALOGUE,
  MISSION_ANALYSIS_CATALOGUE,
  WARNO_CATALOGUE,
} from '../planning-record/planning-catalogues.ts';
import {
  classificationBanner,
  generatedTextNotes,
  headingBlock,
  sectionsFromCatalogue,
  type DocumentOutline,
  type OperationHeading,
  type OutlineSection,
  type RecordContent,
} from './record-document.ts';

export interface OutlineInputs {
  operation: OperationHeading;
  issuedAt: Date;
  classification: string | null;
  documentMarkings: readonly string[];
}

function outline(inputs: OutlineInputs, title: string, sections: OutlineSection[]): DocumentOutline {
  return {
    banner: classificationBanner(inputs.classification, inputs.documentMarkings),
    title,
    heading: headingBlock(inputs.operation, inputs.issuedAt),
    sections,
    notes: generatedTextNotes(sections),
  };
}

export function missionAnalysisOutline(inputs: OutlineInputs, records: ReadonlyMap<string, RecordContent>) {
  const sections = sectionsFromCatalogue(
    MISSION_ANALYSIS_CATALOGUE,
    records,
    (entry) => `Not yet written: missing input "${entry.type}" (PUT /api/mission-analysis/{id} of type ${entry.type}).`,
  );
  return outline(inputs, `MISSION ANALYSIS — OPERATION ${inputs.operation.name.toUpperCase()}`, sections);
}

export function warnoOutline(inputs: OutlineInputs, records: ReadonlyMap<string, RecordContent>) {
  const sections = sectionsFromCatalogue(
    WARNO_CATALOGUE,
    records,
    (entry) => `Not yet written: missing input "${entry.type}" (PUT /api/warno/{id} of type ${entry.type}).`,
  );
  return outline(inputs, `WARNING ORDER — OPERATION ${inputs.operation.name.toUpperCase()}`, sections);
}

export interface CoaForOutline {
  name: string;
  description: string | null;
  attributes: ReadonlyMap<string, RecordContent>;
}

export function coaOutline(inputs: OutlineInputs, coas: readonly CoaForOutline[]) {
  const sections: OutlineSection[] = [];
  if (coas.length === 0) {
    sections.push({
      heading: 'Courses of action',
      level: 1,
      doctrine: 'ATP 5-0.2-1 paras 2-144 to 2-146',
      paragraphs: [],
      items: [],
      provenance: null,
      missing: 'Not yet written: missing input "COA statement" (POST /api/coa-statements/).',
    });
  }
  coas.forEach((coa, i) => {
    sections.push({
      heading: `COA ${i + 1}: ${coa.name}`,
      level: 1,
      doctrine: 'ATP 5-0.2-1 para 2-144',
      paragraphs: coa.description ? [coa.description] : [],
      items: [],
      provenance: null,
      missing: null,
    });
    sections.push(
      ...sectionsFromCatalogue(
        COA_STATEMENT_CATALOGUE.map((entry) => ({ ...entry, parent: 'coa' })),
        coa.attributes,
        (entry) => `Not yet written: missing input "${entry.type}" (PUT /api/coa-statements/{id}/${entry.type}).`,
      ),
    );
  });
  return outline(inputs, `COURSES OF ACTION — OPERATION ${inputs.operation.name.toUpperCase()}`, sections);
}
