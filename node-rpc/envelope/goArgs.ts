// Decoding of a gorilla method's arguments the way json.Unmarshal fills the Go args struct:
// members matched case-insensitively, unknown members ignored, null leaves a field as it is, a
// type mismatch fails the whole decode. gorilla tries `params` as the struct, then as a one-element
// array holding it; avalanchego reports any failure with one generic message (ARGUMENT_ERROR).
import { ServiceError } from '../../shared/errors';
import type { JsonObject, JsonValue } from '../../shared/goJson';

/** avalanchego's answer to arguments that do not decode (utils/json/codec.go errInvalidArg). */
export const ARGUMENT_ERROR =
  "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls";

/** Decodes one field's JSON value (never called with null); throws to fail the decode. */
export type FieldDecoder<T> = (value: JsonValue) => T;

/** A field of an args struct: its JSON key and decoder. */
export type ArgsSpec = Record<string, FieldDecoder<unknown>>;

/** The decoded struct: a field is undefined where the member was absent or null. */
export type ArgsOf<S extends ArgsSpec> = { [K in keyof S]: ReturnType<S[K]> | undefined };

/** Thrown when arguments do not decode. */
export class ArgumentError extends ServiceError {
  override name = 'ArgumentError';
  constructor() {
    super(ARGUMENT_ERROR);
  }
}

/** A Go `string` field. */
export const goString: FieldDecoder<string> = (value) => {
  if (typeof value !== 'string') throw new ArgumentError();
  return value;
};

/**
 * A Go slice field whose elements decode with `element` (null elements are zero values, kept as null).
 * @param element decoder of one element
 * @returns the field decoder
 * @example goSlice(goString)
 */
export function goSlice<T>(element: FieldDecoder<T>): FieldDecoder<(T | null)[]> {
  return (value) => {
    if (!Array.isArray(value)) throw new ArgumentError();
    return value.map((item) => (item === null ? null : element(item)));
  };
}

/**
 * Decodes gorilla `params` into an args struct.
 * @param params the request's params (undefined when absent or null: all fields zero)
 * @param spec the struct's fields
 * @returns the fields
 * @throws ArgumentError when neither the object form nor the `[object]` form decodes
 * @example decodeArgs({ alias: 'x' }, { endpoint: goString, alias: goString })
 */
export function decodeArgs<S extends ArgsSpec>(params: JsonValue | undefined, spec: S): ArgsOf<S> {
  const empty = Object.fromEntries(Object.keys(spec).map((key) => [key, undefined])) as ArgsOf<S>;
  if (params === undefined || params === null) return empty;
  try {
    return decodeStruct(params, spec, empty);
  } catch (error) {
    if (!(error instanceof ArgumentError)) throw error;
  }
  // json.Unmarshal into [1]interface{}{args}: extra elements are dropped, a missing one is zero.
  if (!Array.isArray(params)) throw new ArgumentError();
  if (params.length === 0 || params[0] === null) return empty;
  return decodeStruct(params[0]!, spec, empty);
}

function decodeStruct<S extends ArgsSpec>(value: JsonValue, spec: S, empty: ArgsOf<S>): ArgsOf<S> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ArgumentError();
  const result = { ...empty };
  const fields = Object.keys(spec);
  for (const key of Object.keys(value as JsonObject)) {
    const field =
      fields.find((name) => name === key) ?? fields.find((name) => name.toLowerCase() === key.toLowerCase());
    const member = (value as JsonObject)[key]!;
    if (field === undefined || member === null) continue;
    (result as Record<string, unknown>)[field] = spec[field]!(member);
  }
  return result;
}
