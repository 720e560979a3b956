/**
 * Forms: Mantine's `@mantine/form` (the kit's own vendor) validated by the contract schemas. A form holds its values and
 * field errors; nothing else keeps a copy. The contract's zod schema (Standard Schema, which zod 4 implements and
 * `schemaResolver` reads) gives the same texts the server answers with, and a server error's `details[].path` lands on
 * its field through `setServerErrors`.
 *
 * Usage (a form that is part of a request validates with the contract narrowed by `.pick()`):
 *   const form = useContractForm({
 *     schema: AddressInput,                     // or CreateOrderRequest.pick({ ... })
 *     initialValues: address ? addressToForm(address) : emptyAddressForm(),
 *     toInput: (values) => values,              // form values -> the schema's input (optional; '' numbers -> undefined)
 *   });
 *   <TextInput label="City" {...form.getInputProps('city')} />
 *   <form onSubmit={form.onSubmit(async (body) => {      // body: the schema's parsed output (trimmed, defaults)
 *     try { await save(body); } catch (e) { setServerErrors(form, e); }
 *   })}>
 * In a modal, hand the form to `FormModal` (`form={form}`): it validates before calling `onSubmit(body)`.
 * Server data that arrives later goes in with `form.initialize(values)` (once), not an effect that copies it.
 */
import { type FormErrors, schemaResolver, type UseFormInput, type UseFormReturnType, useForm } from '@mantine/form';
import type { StandardSchemaV1 } from '@standard-schema/spec';

export { type FormErrors, type UseFormReturnType, useForm } from '@mantine/form';

/** A contract-validated form: its values, and the schema's output handed to `form.onSubmit`. */
export type ContractForm<Values, Body> = UseFormReturnType<Values, Body, (values: Values) => FormErrors>;

export interface ContractFormInput<Values, Body>
  extends Omit<UseFormInput<Values, Body>, 'validate' | 'transformValues'> {
  initialValues: Values;
  /** The contract schema (zod), narrowed with `.pick()` where the form is one part of a request. */
  schema: StandardSchemaV1<unknown, Body>;
  /** Form values as the schema's input (e.g. a number input's '' as undefined, so the contract says "is required"). */
  toInput?: (values: Values) => unknown;
  /**
   * The form field an issue's path belongs to, where the request names it differently (the balance modal's one amount
   * field is the request's `amount` or `balance`); default the path itself.
   */
  fieldOf?: (path: string) => string;
}

/**
 * The field errors a contract schema gives for some values, keyed by path ('sender.zip'), first message per path: a
 * form's `validate`.
 */
export function contractResolver<Values>(
  schema: StandardSchemaV1,
  toInput: (values: Values) => unknown = (values) => values,
  fieldOf?: (path: string) => string,
): (values: Values) => FormErrors {
  const resolve = schemaResolver(schema, { sync: true });
  if (!fieldOf) return (values) => resolve(toInput(values));
  return (values) => {
    const errors: FormErrors = {};
    for (const [path, message] of Object.entries(resolve(toInput(values)))) {
      const field = fieldOf(path);
      if (errors[field] === undefined) errors[field] = message;
    }
    return errors;
  };
}

/** The schema's output for values that passed it (the body to send). Throws on values that do not pass. */
export function contractOutput<Body>(schema: StandardSchemaV1<unknown, Body>, input: unknown): Body {
  const result = schema['~standard'].validate(input);
  if (result instanceof Promise) throw new TypeError('A form schema must validate synchronously');
  if (result.issues) throw new TypeError(`Form values do not pass their schema: ${result.issues[0]?.message ?? ''}`);
  return result.value;
}

/**
 * `useForm` validated by a contract schema: `form.validate()` and `form.onSubmit` use the schema's texts, and the values
 * handed to the submit handler are the schema's output (trimmed, defaults applied).
 */
// biome-ignore lint/suspicious/noExplicitAny: Mantine's own bound for form values (an interface is not a Record<string, unknown>)
export function useContractForm<Values extends Record<string, any>, Body>({
  schema,
  toInput = (values) => values,
  fieldOf,
  ...input
}: ContractFormInput<Values, Body>): ContractForm<Values, Body> {
  return useForm<Values, Body, FormErrors>({
    ...input,
    validate: contractResolver(schema, toInput, fieldOf),
    transformValues: (values) => contractOutput(schema, toInput(values)),
  });
}

/** One validation issue as the server's `details` and the client's checks give it: a dotted path and its text. */
export interface FieldIssue {
  path: string;
  message: string;
}

function hasPath(values: unknown, path: readonly string[]): boolean {
  let node = values;
  for (const key of path) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * The form fields the issues name: each issue goes to the longest prefix of its path that is a field of `values`
 * ('packageDetails.weight' stays whole; 'zip.0' lands on 'zip'), first message per field; issues naming no field of the
 * form are left out (the screen's error message still says them).
 */
export function fieldErrorsFrom(values: unknown, issues: readonly FieldIssue[]): FormErrors {
  const errors: FormErrors = {};
  for (const { path, message } of issues) {
    const parts = path.split('.').filter((p) => p !== '');
    for (let n = parts.length; n > 0; n--) {
      const prefix = parts.slice(0, n);
      if (!hasPath(values, prefix)) continue;
      const field = prefix.join('.');
      if (errors[field] === undefined) errors[field] = message;
      break;
    }
  }
  return errors;
}

function issuesOf(error: unknown): readonly FieldIssue[] {
  if (error === null || typeof error !== 'object' || !('details' in error) || !Array.isArray(error.details)) return [];
  return error.details.filter(
    (d): d is FieldIssue =>
      d !== null && typeof d === 'object' && typeof d.path === 'string' && typeof d.message === 'string',
  );
}

/**
 * Puts a server error's `details[].path` messages (an ApiClientError from @labeldesk/api-client, or any error with such
 * details) on the form's fields through `form.setErrors`. Returns whether any field got one; an error without details
 * leaves the fields as they are.
 */
export function setServerErrors(
  form: { getValues: () => unknown; setErrors: (errors: FormErrors) => void },
  error: unknown,
  /** The form field a request path belongs to, as the form's `fieldOf` (useContractForm). */
  fieldOf?: (path: string) => string,
): boolean {
  const issues = issuesOf(error);
  const errors = fieldErrorsFrom(
    form.getValues(),
    fieldOf ? issues.map((i) => ({ ...i, path: fieldOf(i.path) })) : issues,
  );
  if (Object.keys(errors).length === 0) return false;
  form.setErrors(errors);
  return true;
}
