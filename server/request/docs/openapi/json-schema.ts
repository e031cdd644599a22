/**
 * zod schemas as the JSON Schema 2020-12 that OpenAPI 3.1 speaks. Parameters are converted as
 * input (what a caller sends, with its limits); answers as output (what the service sends),
 * the `/v1` data types becoming named `components.schemas` that refer to one another.
 */
import { z } from "zod";
import { OPERATION_NAMES } from "../../../engine/operations.ts";
import { NAMED_TYPES as NAMED } from "./types.ts";

export type JsonSchema = Record<string, unknown>;

const TARGET = "draft-2020-12" as const;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * One query parameter or body field as JSON Schema. A string of digits that the service turns
 * into a bounded number (page, size) is documented as the integer it is, with its bounds; the
 * default is the value the service uses when the parameter is absent.
 */
export function inputSchema(field: z.ZodType): JsonSchema {
  const schema = z.toJSONSchema(field, {
    io: "input",
    target: TARGET,
    unrepresentable: "any",
    override: ({ zodSchema, jsonSchema }) => {
      const def = (zodSchema as unknown as { _zod: { def: { type: string; out?: z.ZodType } } })._zod.def;
      if (def.type !== "pipe" || (def.out as unknown as { _zod: { def: { type: string } } } | undefined)?._zod.def.type !== "number") return;
      const number = z.toJSONSchema(def.out!, { target: TARGET }) as JsonSchema;
      for (const key of Object.keys(jsonSchema)) delete (jsonSchema as JsonSchema)[key];
      Object.assign(jsonSchema, withoutDialect(number), { type: "integer" });
    },
  }) as JsonSchema;
  const fallback = defaultOf(field);
  return withoutDialect(fallback === undefined ? schema : { ...schema, default: fallback });
}

/** Whether the service requires the field (absent does not validate). */
export function isRequired(field: z.ZodType): boolean {
  return !field.safeParse(undefined).success;
}

/** The fields of an object schema. */
export function fieldsOf(schema: z.ZodType): [string, z.ZodType][] {
  return Object.entries((schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {});
}

/**
 * `components.schemas`: every documented `/v1` data type and `/api` answer type, by name,
 * referring to one another. Objects stay open (`/v1` only ever adds fields).
 */
export function answerComponents(): Record<string, JsonSchema> {
  const registry = z.registry<{ id: string }>();
  for (const [name, schema] of Object.entries(NAMED)) registry.add(schema, { id: name });
  const { schemas } = z.toJSONSchema(registry, { io: "output", target: TARGET, unrepresentable: "any", uri: (id) => `#/components/schemas/${id}` }) as {
    schemas: Record<string, JsonSchema>;
  };
  const components = Object.fromEntries(Object.entries(schemas).map(([name, schema]) => [name, open(withoutDialect(schema))]));
  // zod knows `capability` only as a record of records; the service fills one row per source
  // with one flag per capability of the operation table.
  (components.SourceInfo.properties as Record<string, JsonSchema>).capability = {
    type: "object",
    description: "one row per registered source id (disabled ones included): which operations it serves",
    additionalProperties: {
      type: "object",
      properties: Object.fromEntries(OPERATION_NAMES.map((c) => [c, { type: "boolean" }])),
      required: [...OPERATION_NAMES],
      additionalProperties: { type: "boolean" },
    },
  };
  return components;
}

/** A data schema as JSON Schema: a reference when it is a named type (or a union of them). */
export function dataSchema(schema: z.ZodType): JsonSchema {
  const named = Object.entries(NAMED).find(([, s]) => s === schema);
  if (named) return ref(named[0]);
  const def = (schema as unknown as { _zod: { def: { type: string; options?: z.ZodType[] } } })._zod.def;
  if (def.type === "union" && def.options!.every((o) => Object.values(NAMED).includes(o))) {
    const anyOf = def.options!.map(dataSchema);
    return { anyOf, description: `one of ${anyOf.map((o) => String(o.$ref).split("/").pop()).join(", ")}, as the parameters ask` };
  }
  return withoutDialect(z.toJSONSchema(schema, { io: "output", target: TARGET, unrepresentable: "any" }) as JsonSchema);
}

/** A reference to a named type. */
export function typeRef(name: string): JsonSchema {
  if (!NAMED[name]) throw new Error(`no documented type ${name}`);
  return ref(name);
}

// --- internal ---

/** The value used for an absent field, when it is one a caller could also send. */
function defaultOf(field: z.ZodType): unknown {
  const absent = field.safeParse(undefined);
  if (!absent.success || absent.data === undefined) return undefined;
  const sent = typeof absent.data === "number" ? String(absent.data) : absent.data;
  const echoed = field.safeParse(sent);
  return echoed.success && echoed.data === absent.data ? absent.data : undefined;
}

/** OpenAPI 3.1 documents are 2020-12 throughout: a `$schema` (or zod's fragment `$id`) in every part is noise. */
function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _dialect, $id: _id, ...rest } = schema;
  return rest;
}

/** `schema` with every object left open: zod closes plain objects in output, the versioning promise keeps them open. */
function open(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema)) return schema.map(open) as unknown as JsonSchema;
  if (typeof schema !== "object" || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === "additionalProperties" && value === false))
      .map(([key, value]) => [key, typeof value === "object" && value !== null ? open(value as JsonSchema) : value]),
  );
}
