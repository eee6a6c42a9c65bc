import { useCallback } from 'react';

/**
 * A ref that moves focus to its element when the element appears: for controls that appear because
 * the person asked for them (a picker's filter, an edit box, a delete confirmation), where focus
 * should follow. Not for page loads, where moving focus disorients screen-reader users.
 */
export function useFocusOnOpen<T extends HTMLElement>() {
  return useCallback((element: T | null) => element?.focus(), []);
}
