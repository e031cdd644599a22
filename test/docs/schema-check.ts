/**
 * Checking values against the OpenAPI document's schemas with a real JSON Schema 2020-12
 * validator (ajv), `#/components/...` references resolved in the document, formats checked.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";

type Doc = Record<string, any>;

export interface SchemaCheck {
  /** the validator's complaints about `value` against `schema` (a part of the document), or [] */
  errors(schema: object, value: unknown): string[];
  /** `node` itself, or what its `$ref` names */
  resolve<T = any>(node: T): T;
}

export function schemaCheck(doc: Doc): SchemaCheck {
  // Not strict: the document's own keywords (example, xml, ...) are not JSON Schema's.
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  // ajv-formats is CommonJS: its function is the default export's default under Node's ESM.
  const addFormats = ((formats as unknown as { default?: unknown }).default ?? formats) as (ajv: Ajv2020) => void;
  addFormats(ajv);
  const compiled = new Map<object, ValidateFunction>();
  return {
    errors(schema, value) {
      let validate = compiled.get(schema);
      if (!validate) {
        // The components ride along at the root, so `#/components/schemas/X` resolves as in the document.
        validate = ajv.compile({ ...schema, components: doc.components });
        compiled.set(schema, validate);
      }
      return validate(value) ? [] : (validate.errors ?? []).map((e: ErrorObject) => `${e.instancePath || "(root)"} ${e.message}`);
    },
    resolve(node: any) {
      if (!node || typeof node.$ref !== "string") return node;
      return node.$ref
        .replace(/^#\//, "")
        .split("/")
        .reduce((at: any, part: string) => at?.[part.replace(/~1/g, "/").replace(/~0/g, "~")], doc);
    },
  };
}

/** Every operation of the document: path, method and the operation object. */
export function operationsOf(doc: Doc): { path: string; method: string; op: Doc }[] {
  return Object.entries(doc.paths as Record<string, Doc>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ["get", "post", "put", "patch", "delete", "head", "options"].includes(method))
      .map(([method, op]) => ({ path, method, op: op as Doc })),
  );
}
