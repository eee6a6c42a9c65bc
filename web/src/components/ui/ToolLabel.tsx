/**
 * A toolbar button's words beside its icon. From the widest screens they are always shown; between a
 * phone and those, they appear under the button on hover and on keyboard focus (a phone has neither,
 * and its buttons are named for screen readers by their aria-label). Use inside a `TOOL_BUTTON`.
 */
export function ToolLabel({ children }: { children: string }) {
  return (
    <span
      aria-hidden
      data-tool-label
      className="pointer-events-none absolute top-full left-1/2 z-40 mt-1 -translate-x-1/2 rounded-md bg-stone-900 px-2 py-1 text-xs font-medium whitespace-nowrap text-white opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100 max-sm:hidden xl:pointer-events-auto xl:static xl:mt-0 xl:translate-x-0 xl:bg-transparent xl:p-0 xl:text-sm xl:text-inherit xl:opacity-100 xl:shadow-none dark:bg-stone-100 dark:text-stone-900 xl:dark:bg-transparent xl:dark:text-inherit"
    >
      {children}
    </span>
  );
}

/** An icon button that carries a `ToolLabel`: a round icon on phones, icon and words on wide screens. */
export const TOOL_BUTTON = 'icon-button group relative xl:w-auto xl:gap-1.5 xl:px-3';
