// Files in, .docx (issue 31): headings (by the style's name, whatever its id), list items and tables become
// sections and units inside workerd; encrypted, corrupt, mislabelled and oversized files are typed refusals.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '../../core/limits';
import { makeDocx } from '../support/docx-writer';
import { expectError } from './helpers';
import { extractFile, kinds, upload } from './files-helpers';

describe('.docx files', () => {
  it('headings become sections; list items and table rows become units', async () => {
    const docx = makeDocx([
      { heading: 1, text: 'Knowledge graphs' },
      { text: 'A knowledge graph links concepts with typed relations.' },
      { item: 'Nodes are the concepts.' },
      { item: 'Edges are the relations.' },
      { heading: 2, text: 'Their parts' },
      {
        table: [
          ['Part', 'Role'],
          ['Node', 'A concept'],
          ['Edge', 'A relation'],
        ],
      },
      { text: 'Each part cites its source.' },
    ]);
    const { created, doc, units } = await extractFile('graphs.docx', docx);
    expect(created.file).toMatchObject({ format: 'docx' });
    expect(doc.title).toBe('graphs');
    expect(doc.sections.map((s) => [s.title, s.level])).toEqual([
      ['Knowledge graphs', 1],
      ['Their parts', 2],
    ]);
    expect(kinds(units)).toEqual([
      'heading:Knowledge graphs',
      'narrative:A knowledge graph links concepts with typed relations.',
      'list:Nodes are the concepts.',
      'list:Edges are the relations.',
      'heading:Their parts',
      'table:| Part | Role |',
      'table:| Node | A concept |',
      'table:| Edge | A relation |',
      'narrative:Each part cites its source.',
    ]);
    expect(units.map((u) => u.sectionId)).toEqual(['s1', 's1', 's1', 's1', 's2', 's2', 's2', 's2', 's2']);
    expect(units.every((u) => !('page' in u))).toBe(true);
  });

  it('refuses bad .docx files with typed errors', async () => {
    // A password-protected Word file is an OLE container holding an "EncryptedPackage" stream, not a zip.
    const ole = new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, ...new Array(64).fill(0)]);
    const name = [...'EncryptedPackage'].flatMap((c) => [c.charCodeAt(0), 0]);
    const locked = new Uint8Array([...ole, ...name, 0, 0]);
    expectError(await upload('locked.docx', locked), 422, 'file_encrypted');
    // An OLE file without one is an old .doc renamed.
    expectError(await upload('renamed.docx', ole), 415, 'file_unsupported');
    expectError(await upload('broken.docx', new Uint8Array([0x50, 0x4b, 3, 4, 9, 9, 9, 9])), 422, 'file_corrupt');
    const noBody = zipSync({ 'word/other.xml': strToU8('<x/>') });
    expectError(await upload('empty.docx', noBody), 422, 'file_corrupt');
    expectError(await upload('fake.docx', strToU8('plain words')), 415, 'file_type_mismatch');
    expectError(await upload('old.doc', ole), 415, 'file_unsupported');
    expectError(await upload('big.docx', new Uint8Array(MAX_FILE_BYTES + 1)), 413, 'file_too_large');
  });
});
