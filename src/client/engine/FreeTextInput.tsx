// Free text that may run either way ("400 mg" in a Kurdish form, a Kurdish note in an English one).
import { Input, type InputProps } from 'antd';

/**
 * The page's direction while the field is empty (an empty dir=auto field puts the caret and the
 * placeholder on the left of a Kurdish form), the typed text's own once there is some, so "400 mg"
 * does not read "mg 400" while it is typed.
 */
export const freeTextDir = (value: unknown): 'auto' | undefined => (typeof value === 'string' && value !== '' ? 'auto' : undefined);

/** antd's Input taking the direction of what is typed in it (`freeTextDir`). */
export function FreeTextInput(props: InputProps) {
  return <Input {...props} dir={props.dir ?? freeTextDir(props.value)} />;
}
