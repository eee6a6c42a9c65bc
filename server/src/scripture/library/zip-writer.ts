import yazl from 'yazl';

/** 1980-01-01, the zip format's epoch: the files' own dates are not the repository's to tell. */
const ZIP_EPOCH = new Date(1980, 0, 1);

/**
 * A zip (deflated) of these files, for a module whose repository offers no zip: its files become the same
 * package a zip repository sends, so one reader checks both and every process unpacks it from the
 * database the same way. Sizes stay far under zip32's 4 GiB (the caps).
 */
export async function zipFiles(files: readonly { path: string; bytes: Buffer }[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const file of files) zip.addBuffer(file.bytes, file.path, { mtime: ZIP_EPOCH, mode: 0o100644 });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
