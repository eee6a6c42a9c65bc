import { Invalid } from '../../lib/errors.ts';
import { checkImport, type CheckedImport } from './import-check.ts';

/** Worker-thread entry: errors cross threads as plain values, so a file's problem comes back as text. */
export default function run(bytes: Uint8Array): { checked: CheckedImport } | { problem: string } {
  try {
    return { checked: checkImport(bytes) };
  } catch (error) {
    if (error instanceof Invalid) return { problem: error.message };
    throw error;
  }
}
