/** How a signed-in person is named in the app's chrome: display name, else first name, else email. */
export function userLabel(user: { displayName: string | null; firstName: string | null; email: string }): string {
  return user.displayName?.trim() || user.firstName?.trim() || user.email;
}

/** The letter shown in the avatar when there is no picture. */
export function initials(user: { displayName: string | null; firstName: string | null; email: string }): string {
  return [...userLabel(user)][0]?.toUpperCase() ?? '?';
}
