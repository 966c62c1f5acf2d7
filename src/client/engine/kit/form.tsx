// The one form engine's layout and its server errors: react-hook-form holds the values and the
// rules (the generated FormPage and the hand forms alike); antd's Form and Form.Item only lay the
// fields out (label, help, required mark, disabled), never keep values. A 422's field errors reach
// their fields here, and only here, for the hand forms (the generated forms get them from Refine's
// @refinedev/react-hook-form useForm, which sets them the same way).
import type { ReactElement, ReactNode } from 'react';
import { Form } from 'antd';
import { type Control, Controller, type ControllerFieldState, type ControllerRenderProps, type FieldPath, type FieldValues, type RegisterOptions, type UseFormProps, useForm } from 'react-hook-form';
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
  /** The input, given the field's value and handlers and its state. */
  children: (field: ControllerRenderProps<T, N>, state: ControllerFieldState) => ReactElement;
}

/** One field: its value and rules in react-hook-form, its label and error under antd's look. */
export function FormField<T extends FieldValues, N extends FieldPath<T>>({ control, name, label, htmlFor, rules, required, extra, children }: FormFieldProps<T, N>) {
  return (
    <Controller
      name={name}
      control={control}
      rules={rules}
      render={({ field, fieldState }) => (
        <Form.Item label={label} htmlFor={htmlFor} required={required ?? !!rules?.required} validateStatus={fieldState.error ? 'error' : undefined} help={fieldState.error?.message} extra={extra}>
          {children(field, fieldState)}
        </Form.Item>
      )}
    />
  );
}

/**
 * A hand form: react-hook-form's useForm, with what a failed save does. `fields` are the names the
 * form shows: a 422 naming some of them is said on them (`showErrors`), and its toast left out
 * (`failure`, for useAction); anything else is toasted as usual.
 */
export function useHandForm<T extends FieldValues>({ fields, ...props }: UseFormProps<T> & { fields: readonly FieldPath<T>[] }) {
  const form = useForm<T>(props);
  const ours = (err: unknown) => Object.entries(errorsOf(err)).filter(([name]) => (fields as readonly string[]).includes(name)) as [FieldPath<T>, string[]][];
  const failure: FailureNotice = (err) => (ours(err).length ? false : undefined);
  /** Puts a failure's field errors on their fields; true when it named any of this form's. */
  const showErrors = (err: unknown): boolean => {
    const found = ours(err);
    found.forEach(([name, messages], i) => form.setError(name, { type: 'server', message: messages.join(' ') }, { shouldFocus: i === 0 }));
    return found.length > 0;
  };
  return { ...form, failure, showErrors };
}
