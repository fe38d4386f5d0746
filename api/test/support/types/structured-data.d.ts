/**
 * The parts of the structured-data test peers that test/support/structured-data.ts uses; the
 * packages ship JavaScript without type declarations.
 */

declare module '@marbec/web-auto-extractor' {
  /** What the extractor found in a page, by syntax, then by schema.org type. */
  export interface ExtractedData {
    jsonld: Record<string, Record<string, unknown>[]>;
    microdata: Record<string, Record<string, unknown>[]>;
    rdfa: Record<string, Record<string, unknown>[]>;
    errors?: { format: string; message: string }[];
  }
  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] });
    parse(html: string): ExtractedData;
  }
}

declare module '@adobe/structured-data-validator' {
  import type { ExtractedData } from '@marbec/web-auto-extractor';

  export interface ValidationIssue {
    rootType: string;
    dataFormat: string;
    issueMessage: string;
    severity: 'ERROR' | 'WARNING';
    fieldNames?: string[];
    path?: { type?: string; property?: string; index?: number }[];
    errorType?: string;
  }
  /** `schemaOrgJson`: the schema.org vocabulary as JSON-LD (`@graph` of classes and properties). */
  export default class Validator {
    constructor(schemaOrgJson?: { '@graph': Record<string, unknown>[] });
    validate(data: Partial<ExtractedData>): Promise<ValidationIssue[]>;
  }
}
