import { InputBase } from '@mantine/core';
import { useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useAfterFirstScreen } from '../../../lib/use-after-first-screen';
import type { ClientPickerProps } from './client-picker';

// The client picker (Mantine's Combobox on floating-ui, and the clients query) was 29 KB of the
// builder's 198 KB of first-screen JavaScript (docs/decisions/0019-declarative-router.md). The
// builder draws a plain field with the picker's label in its place. The picker's code is
// downloaded once the first screen is drawn, so that a tap finds it there; the picker itself is
// drawn only when the field is focused: mounting its Combobox measured 190 ms of main thread
// under the mobile CPU budget, a long task on every visit for a field most sales leave empty
// (docs/decisions/0025-first-screen-requests.md).
const loadPicker = () => import('./client-picker').then((module) => module.ClientPicker);

/** The client picker, drawn when the field is first focused; what is typed before is kept. */
export function ClientPickerSlot(props: ClientPickerProps) {
  const afterFirstScreen = useAfterFirstScreen();
  const [Picker, setPicker] = useState<ComponentType<ClientPickerProps>>();
  const [typed, setTyped] = useState<string | undefined>(undefined);
  const [touched, setTouched] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // Whether the stand-in holds the focus, from its own focus and blur events. Asked when the code
  // arrived, the answer was already stale if the field was touched before React drew the picker:
  // the picker then came up unfocused and what was typed next went nowhere.
  const standInFocused = useRef(false);

  useEffect(() => {
    if (Picker || !(afterFirstScreen || touched)) return;
    let current = true;
    // A failed load leaves the plain field: the builder still works without a registered client.
    loadPicker().then(
      (loaded) => {
        if (current && touched) setPicker(() => loaded);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [afterFirstScreen, touched, Picker]);

  // The field is replaced under the user's fingers: the focus and the caret follow it. React
  // ignores the blur the removed stand-in may cause, so the ref still says it was focused.
  useLayoutEffect(() => {
    if (!Picker || !standInFocused.current) return;
    standInFocused.current = false;
    const input = box.current?.querySelector('input');
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
  }, [Picker]);

  return (
    <div ref={box}>
      {Picker ? (
        <Picker {...props} initialSearch={typed} />
      ) : (
        <InputBase
          label={props.label}
          placeholder={props.placeholder}
          value={typed ?? props.value?.full_name ?? ''}
          onFocus={() => {
            standInFocused.current = true;
            setTouched(true);
          }}
          onBlur={() => (standInFocused.current = false)}
          onChange={(event) => {
            setTyped(event.currentTarget.value);
            props.onChange(null);
          }}
        />
      )}
    </div>
  );
}
