// Serving the planning products as documents: the mission analysis, the WARNO and the COA
// statements, gathered from the read models, laid out once (domain/exports/planning-outlines.ts)
// and rendered as DOCX or PDF.
import type { Knex } from 'knex';
import {
  coaOutline,
  missionAnalysisOutline,
  warnoOutline,
  type OutlineInputs,
} from '../../domain/exports/planning-outlines.ts';
import type { DocumentOutline } from '../../domain/exports/record-document.ts';
import { slug } from '../../domain/exports/export-layer-tables.ts';
import {
  coaStatementsOfOperation,
  documentMarkingsOfOperation,
  planningRecordsOfOperation,
} from '../../projections/queries/export-queries.ts';
import type { OperationRow } from '../../projections/queries/operation-queries.ts';
import type { ExportFile } from './layer-exports.ts';
import { writeDocx } from './write-docx.ts';
import { writePdf } from './write-pdf.ts';

export const RECORD_EXPORTS = {
  'mission-analysis': 'The mission analysis (ATP 5-0.2-1 substeps 2.1–2.16)',
  warno: 'The warning order (FM 6-0 appendix C, five paragraphs)',
  coas: 'The COA statements (ATP 5-0.2-1 paras 2-144 to 2-146), one after another',
} as const;
export type RecordExport = keyof typeof RECORD_EXPORTS;

export const DOCUMENT_FORMATS = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
} as const;
export type DocumentFormat = keyof typeof DOCUMENT_FORMATS;

async function outlineOf(knex: Knex, product: RecordExport, inputs: OutlineInputs, operationId: string) {
  switch (product) {
    case 'mission-analysis':
      return missionAnalysisOutline(inputs, await planningRecordsOfOperation(knex, 'mission_analysis', operationId));
    case 'warno':
      return warnoOutline(inputs, await planningRecordsOfOperation(knex, 'warno', operationId));
    case 'coas':
      return coaOutline(inputs, await coaStatementsOfOperation(knex, operationId));
  }
}

export async function recordExport(
  knex: Knex,
  operation: OperationRow,
  product: RecordExport,
  format: DocumentFormat,
  classification: string | null,
  now: Date,
): Promise<ExportFile> {
  const inputs: OutlineInputs = {
    operation: { name: operation.name, unit: operation.unit, echelon: operation.echelon },
    issuedAt: now,
    classification,
    documentMarkings: await documentMarkingsOfOperation(knex, operation.operation_id),
  };
  const outline: DocumentOutline = await outlineOf(knex, product, inputs, operation.operation_id);
  const body = format === 'docx' ? await writeDocx(outline) : Buffer.from(await writePdf(outline));
  return { body, contentType: DOCUMENT_FORMATS[format], fileName: `${slug(operation.name)}-${product}.${format}` };
}
