// The one form engine's layout and its server errors: react-hook-form holds the values and the
// rules (the generated FormPage and the hand forms alike); antd's Form and Form.Item only lay the
// fields out (label, help, required mark, disabled), never keep values. A 422's field errors reach
// their fields here, and only here, for the hand forms (the generated forms get them from Refine's
// @refinedev/react-hook-form useForm, which sets them the same way).
import type { CSSProperties, ReactElement, ReactNode } from 'react';
import { Form } from 'antd';
import { type Control, Controller, type ControllerFieldState, type ControllerRenderProps, type FieldPath, type FieldPathValue, type FieldValues, type RegisterOptions, type UseFormHandleSubmit, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';
import type { FailureNotice } from '../useAction';
import { errorsOf } from '../formErrors';

/** antd's form layout around react-hook-form fields (no <form> of its own, no value store used). */
export function FormLayout({ children, layout = 'vertical', disabled, requiredMark }: { children: ReactNode; layout?: 'vertical' | 'horizontal' | 'inline'; disabled?: boolean; requiredMark?: boolean }) {
  return (
    <Form layout={layout} component={false} disabled={disabled} requiredMark={requiredMark}>
      {children}
    </Form>
  );
}

export interface FormFieldProps<T extends FieldValues, N extends FieldPath<T>> {
  control: Control<T>;
  name: N;
  label?: ReactNode;
  /** The input's id, so the label names it. */
  htmlFor?: string;
  rules?: Omit<RegisterOptions<T, N>, 'valueAsNumber' | 'valueAsDate' | 'setValueAs' | 'disabled'>;
  required?: boolean;
  extra?: ReactNode;
  /** The value while the form holds none for the field (antd's Form.Item initialValue). */
  defaultValue?: FieldPathValue<T, N>;
  /** Form.Item's look: its bottom space, hidden while kept in the form. */
  style?: CSSProperties;
  hidden?: boolean;
  /** The input, given the field's value and handlers and its state. */
  children: (field: ControllerRenderProps<T, N>, state: ControllerFieldState) => ReactElement;
}

/** One field: its value and rules in react-hook-form, its label and error under antd's look. */
export function FormField<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, htmlFor, rules, required, extra, defaultValue, style, hidden, children }: FormFieldProps<T, N>) {
  return (
    <Controller
      name={name}
      control={control}
      rules={rules}
      defaultValue={defaultValue}
      render={({ field, fieldState }) => (
        <Form.Item label={label} htmlFor={htmlFor} required={required ?? !!rules?.required} validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message} extra={extra} style={style} hidden={hidden}>
          {children(field, fieldState)}
        </Form.Item>
      )}
    />
  );
}

/** A field of every row of a list: `prescriptions.*.drug_id` names `prescriptions.1.drug_id`. */
export type RowField = `${string}.*.${string}`;

/**
 * Where a failed save's field errors go (issue 35: decided here, for every hand form). `fields`: the
 * names the form shows; a list's rows' fields as `list.*.field`. An error goes on the field it names,
 * or, naming a part of one the form shows whole (an item of a multiple select, "examinations.0", or
 * a row of the prescriptions), on that field; messages of one field are said together. What names
 * no field of the form is left in `rest`, in the server's order, for the form to say above itself.
 */
export function placeErrors(errors: Record<string, string[]>, fields: readonly string[]): { on: Record<string, string>; rest: string[] } {
  const on: Record<string, string> = {};
  const rest: string[] = [];
  const shown = (path: string[]) => fields.includes(path.join('.')) || fields.includes(path.map((p) => (/^\d+$/.test(p) ? '*' : p)).join('.'));
  for (const [name, messages] of Object.entries(errors)) {
    const path = name.split('.');
    // The longest part of the name that is a field of the form.
    let length = path.length;
    while (length > 0 && !shown(path.slice(0, length))) length -= 1;
    if (length === 0) {
      rest.push(...messages);
      continue;
    }
    const target = path.slice(0, length).join('.');
    on[target] = [on[target], ...messages].filter(Boolean).join(' ');
  }
  return { on, rest };
}

/**
 * A hand form: react-hook-form's useForm, with what a failed save does. `fields` are the names the
 * form shows (a list's rows' as RowField): a 422 naming some of them is said on them (`showErrors`),
 * and its toast left out (`failure`, for useAction); anything else is toasted as usual, or, for a
 * form that says it above its fields, given by `otherErrors`. A submission starts from no error (as
 * antd's form did): one the server put on a field no longer shown does not hold the form back.
 */
export function useHandForm<T extends FieldValues>({ fields, ...props }: UseFormProps<T> & { fields: readonly (FieldPath<T> | RowField)[] }) {
  const form = useForm<T>(props);
  const placed = (err: unknown) => placeErrors(errorsOf(err), fields);
  const failure: FailureNotice = (err) => (Object.keys(placed(err).on).length ? false : undefined);
  /** Puts a failure's field errors on their fields; true when it named any of this form's. */
  const showErrors = (err: unknown): boolean => {
    const found = Object.entries(placed(err).on);
    found.forEach(([name, message], i) => form.setError(name as FieldPath<T>, { type: 'server', message }, { shouldFocus: i === 0 }));
    return found.length > 0;
  };
  /** What a failure names besides this form's fields (a plan's limit, a field of the record not shown). */
  const otherErrors = (err: unknown): string[] => placed(err).rest;
  return { ...form, handleSubmit: freshSubmit(form), failure, showErrors, otherErrors };
}

/**
 * react-hook-form's handleSubmit starting from no error. Its own keeps an error set on a field no
 * longer drawn (a removed row, a server's word on a field gone) and refuses every submission after.
 */
export function freshSubmit<T extends FieldValues>({ handleSubmit, clearErrors }: Pick<UseFormReturn<T>, 'handleSubmit' | 'clearErrors'>): UseFormHandleSubmit<T> {
  return (onValid, onInvalid) => (event) => {
    clearErrors();
    return handleSubmit(onValid, onInvalid)(event);
  };
}
