/**
 * The `/v1` data types for the documentation page, walked from the zod schemas of
 * `core/kit.ts`: each type's fields with their types, so the page shows exactly what
 * plugin answers are validated against.
 */
import { z } from "zod";
import * as kit from "@music-aggregator/core";
import * as service from "../../engine/domain.ts";

/** The types a `/v1` answer's `data` is made of, by the names the endpoint table uses (and OpenAPI's components). */
export const DOCUMENTED_TYPES: Record<string, z.ZodType> = {
  Song: kit.Song,
  SongDetail: kit.SongDetail,
  SongUrl: kit.SongUrl,
  Lyric: kit.Lyric,
  AlbumDetail: kit.AlbumDetail,
  ArtistDetail: kit.ArtistDetail,
  PlaylistSong: kit.PlaylistSong,
  PlaylistDetail: kit.PlaylistDetail,
  RankItem: kit.RankItem,
  RankList: kit.RankList,
  RankDetail: kit.RankDetail,
  SearchSong: service.SearchSong,
  Alternative: service.Alternative,
  SearchPage: service.SearchPage,
  Match: service.Match,
  MatchResult: service.MatchResult,
  SourceInfo: service.SourceInfo,
  CacheStats: service.CacheStats,
  StatusInfo: service.StatusInfo,
};

export interface TypeDoc {
  name: string;
  fields: { name: string; type: string }[];
}

export function documentedTypes(): TypeDoc[] {
  return Object.entries(DOCUMENTED_TYPES).map(([name, schema]) => ({
    name,
    fields: Object.entries(shapeOf(schema)).map(([field, type]) => ({ name: field, type: describe(type, schema) })),
  }));
}

// --- internal ---

function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  return (schema as unknown as { shape?: Record<string, z.ZodType> }).shape ?? {};
}

/** A short type text: a documented type by name, else its structure. */
function describe(schema: z.ZodType, owner?: z.ZodType): string {
  const named = Object.entries(DOCUMENTED_TYPES).find(([, s]) => s === schema && s !== owner);
  if (named) return named[0];
  const def = (schema as unknown as { _zod: { def: { type: string; innerType?: z.ZodType; element?: z.ZodType; valueType?: z.ZodType } } })._zod.def;
  switch (def.type) {
    case "nullable":
      return `${describe(def.innerType!)}, nullable`;
    case "optional":
      return `${describe(def.innerType!)}, optional`;
    case "array":
      return `array of ${describe(def.element!)}`;
    case "record":
      return `object of ${describe(def.valueType!)}`;
    case "object":
      return Object.values(shapeOf(schema)).length ? `{${Object.entries(shapeOf(schema)).map(([k, v]) => `${k}: ${describe(v)}`).join(", ")}}` : "object";
    default: {
      const json = z.toJSONSchema(schema, { unrepresentable: "any" }) as { type?: string; enum?: unknown[]; format?: string };
      if (json.enum) return json.enum.map(String).join(" | ");
      if (json.format === "date-time") return "string (ISO 8601 date-time)";
      return schema.description ? `${json.type} (${schema.description})` : (json.type ?? "any");
    }
  }
}
