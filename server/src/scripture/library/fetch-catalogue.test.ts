import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CatalogueError } from './catalogue.ts';
import { downloadCatalogueIfChanged, FETCH_CATALOGUE_DEFAULTS, fetchCatalogue, fetchCatalogues } from './fetch-catalogue.ts';
import { CATALOGUE_DIR, installedConfs, serveRepository, writeStandInCatalogue } from './testing.ts';

const INSTALLED = ['engKJV2006eb', 'engWEB2015eb', 'MHCC', 'Nave', 'spaRV1909eb'];

describe('fetchCatalogue over HTTP', () => {
  let root: string;
  let stand: Awaited<ReturnType<typeof serveRepository>>;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'selah-repository-'));
    await writeStandInCatalogue(root, installedConfs());
    // The same catalogue again, under a folder served with Content-Encoding: gzip (a common misconfiguration).
    await writeStandInCatalogue(join(root, 'encoded'), installedConfs());
    await writeStandInCatalogue(join(root, 'cut'), installedConfs());
    await writeStandInCatalogue(join(root, 'broken'), [], Buffer.from('<html><body>Moved</body></html>'));
    stand = await serveRepository(root, { '/slow/': 'hang', '/encoded/': 'gzip-encoded', '/cut/': 'cut' });
  });

  afterAll(async () => {
    await stand?.close();
    await rm(root, { recursive: true, force: true });
  });

  it("reads a stand-in repository in CrossWire's layout built from the modules installed here", async () => {
    const catalogue = await fetchCatalogue(stand.repository('Stand-in'));
    expect(catalogue.entries.map((e) => e.name)).toEqual(INSTALLED);
    expect(catalogue.skipped).toEqual([]);
  });

  it('reads a catalogue the server sends gzip-encoded (already unpacked by the HTTP client)', async () => {
    const catalogue = await fetchCatalogue(stand.repository('Encoded', `/encoded/${CATALOGUE_DIR}`));
    expect(catalogue.entries.map((e) => e.name)).toEqual(INSTALLED);
  });

  it('refuses a catalogue larger than the cap', async () => {
    await expect(fetchCatalogue(stand.repository('Big'), { ...FETCH_CATALOGUE_DEFAULTS, maxBytes: 1000 })).rejects.toThrow(
      new CatalogueError(`Big: the catalogue is larger than 1000 bytes (${stand.url}/${CATALOGUE_DIR}/mods.d.tar.gz)`),
    );
  });

  it('reports repositories that fail, time out, answer 404 or send no archive, and still lists the others', async () => {
    const closed = await serveRepository(root);
    const closedRepository = closed.repository('Gone');
    await closed.close(); // nothing listens there any more: the connection is refused
    const repositories = [
      stand.repository('Good'),
      stand.repository('Missing', '/nowhere/sword'),
      stand.repository('Slow', `/slow/${CATALOGUE_DIR}`),
      stand.repository('Broken', `/broken/${CATALOGUE_DIR}`),
      closedRepository,
    ];
    // The slow repository never answers: only the limit ends its request.
    const { catalogues, failures } = await fetchCatalogues(repositories, { ...FETCH_CATALOGUE_DEFAULTS, timeoutMs: 3_000 });
    expect(catalogues.map((c) => [c.repository.name, c.entries.length])).toEqual([['Good', 5]]);
    expect(failures.map((f) => [f.repository.name, f.message])).toEqual([
      ['Missing', `Missing: the repository has no mods.d.tar.gz (HTTP 404) (${stand.url}/nowhere/sword/mods.d.tar.gz)`],
      ['Slow', `Slow: no complete answer in 3000 ms (${stand.url}/slow/${CATALOGUE_DIR}/mods.d.tar.gz)`],
      ['Broken', 'Broken: The catalogue is not a gzip file (mods.d.tar.gz).'],
      ['Gone', `Gone: could not connect (ECONNREFUSED) (${closedRepository.catalogueUrl}/mods.d.tar.gz)`],
    ]);
  });

  it('asks again with the validators of the last download: an unchanged catalogue answers 304 and is not sent again', async () => {
    const repository = stand.repository('Conditional');
    const address = `/${CATALOGUE_DIR}/mods.d.tar.gz`;
    const first = await downloadCatalogueIfChanged(repository, {});
    if (!('archive' in first)) throw new Error('the first download must send the archive');
    expect(first.validators.etag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(first.validators.lastModified).toMatch(/GMT$/);
    const sentBefore = stand.served.filter((r) => r.path === address);

    // Each validator alone is enough: an ETag, or a Last-Modified when the server sends no ETag.
    expect(await downloadCatalogueIfChanged(repository, first.validators)).toEqual({ notModified: true });
    expect(await downloadCatalogueIfChanged(repository, { lastModified: first.validators.lastModified })).toEqual({ notModified: true });
    const after = stand.served.filter((r) => r.path === address).slice(sentBefore.length);
    expect(after).toEqual([
      { method: 'GET', path: address, status: 304, bytes: 0 },
      { method: 'GET', path: address, status: 304, bytes: 0 },
    ]);

    // A different ETag (the catalogue changed) brings the archive, with its new validators.
    const changed = await downloadCatalogueIfChanged(repository, { etag: '"old"', lastModified: first.validators.lastModified });
    expect('archive' in changed && Buffer.from(changed.archive).equals(Buffer.from(first.archive))).toBe(true);
    expect(stand.served.at(-1)).toEqual({ method: 'GET', path: address, status: 200, bytes: first.archive.byteLength });
  });

  it('reports a download that breaks off', async () => {
    const repository = stand.repository('Cut', `/cut/${CATALOGUE_DIR}`);
    await expect(fetchCatalogue(repository)).rejects.toThrow(
      new CatalogueError(`Cut: the download broke off (UND_ERR_SOCKET) (${repository.catalogueUrl}/mods.d.tar.gz)`),
    );
  });
});
