import { useCallback, useRef, type RefCallback } from 'react';

type TextField = HTMLInputElement | HTMLTextAreaElement;

/**
 * A ref for a controlled text field that keeps what a person typed before the page's script ran.
 * Pages are rendered on the server and can be typed into on a slow phone before React takes them
 * over; hydration leaves the typed text in the field but not in the state, so a button that reads
 * the state would stay disabled and the text would be lost to the form. The first time React meets
 * the field (in the hydration's commit), text that differs from the state is handed to `onChange`.
 */
export function useTypedEarly(value: string, onChange: (value: string) => void): RefCallback<TextField> {
  const first = useRef({ value, onChange });
  return useCallback((node: TextField | null) => {
    if (node && node.value !== first.current.value) first.current.onChange(node.value);
  }, []);
}
