import { describe, expect, it } from 'vitest';
import { assertGraphExport } from './file-check';

const ev = { documentId: 'd', sourceId: 's', chunkId: 'c', paragraph: 1, quote: 'Water flows.' };
function file(): Record<string, any> {
  return {
    format: 'kg-workbench.graph',
    version: 1,
    documentId: 'd',
    title: 'T',
    revision: 1,
    units: [{ n: 1, start: 0, end: 12, text: 'Water flows.', kind: 'narrative', sectionId: 's0' }],
    sections: [{ id: 's0', title: '', level: 0, firstUnit: 1, lastUnit: 1 }],
    nodes: [
      {
        id: 'n1',
        type: 'fact',
        text: 'Water flows.',
        paragraph: 1,
        quote: 'Water flows.',
        evidence: [ev],
        groundingStatus: 'grounded',
        entailmentStatus: 'unverified',
      },
      {
        id: 'n2',
        type: 'concept',
        text: 'Water',
        paragraph: null,
        quote: '',
        evidence: [],
        groundingStatus: 'unsupported',
        entailmentStatus: 'unverified',
      },
    ],
    edges: [{ id: 'e1', fromNodeId: 'n1', toNodeId: 'n2', relation: 'defines', evidence: [ev] }],
  };
}

describe('the graph file check', () => {
  it('accepts a well-formed file, including unanchored nodes', () => {
    expect(() => assertGraphExport(file())).not.toThrow();
  });

  it.each([
    ['a non-numeric paragraph', (f: any) => (f.nodes[0].paragraph = 'abc'), /paragraph that is not a unit number/],
    ['a fractional paragraph', (f: any) => (f.nodes[0].paragraph = 1.5), /paragraph that is not a unit number/],
    [
      'evidence with a string paragraph',
      (f: any) => (f.nodes[0].evidence[0] = { ...ev, paragraph: '1' }),
      /evidence without a unit number/,
    ],
    ['an unknown node type', (f: any) => (f.nodes[0].type = 'script'), /unknown type/],
    ['an unknown relation', (f: any) => (f.edges[0].relation = 'related_to'), /unknown relation/],
    ['an edge to a missing node', (f: any) => (f.edges[0].toNodeId = 'n9'), /does not hold/],
    ['a duplicate node id', (f: any) => f.nodes.push({ ...f.nodes[0] }), /appears twice/],
    ['a unit without a number', (f: any) => (f.units[0].n = '1'), /unit lacks/],
    ['a node text that is not text', (f: any) => (f.nodes[0].text = { html: '<b>' }), /lacks id, text or quote/],
    ['an unknown status', (f: any) => (f.nodes[0].groundingStatus = 'trusted'), /unknown status/],
    ['a confidence over 1', (f: any) => (f.nodes[0].confidence = 7), /confidence/],
    ['another format', (f: any) => (f.format = 'other'), /format/],
  ])('refuses %s with a message instead of throwing later', (_name, spoil, message) => {
    const f = file();
    spoil(f);
    expect(() => assertGraphExport(f)).toThrow(message);
  });

  it('checks the concept layer: each mention joins two nodes the file holds, with evidence', () => {
    const mention = { id: 'm1', nodeId: 'n1', conceptId: 'n2', term: 'Water', evidence: [{ ...ev, quote: 'Water' }] };
    expect(() => assertGraphExport({ ...file(), mentions: [mention] })).not.toThrow();
    expect(() => assertGraphExport({ ...file(), mentions: 'none' })).toThrow(/mentions is not an array/);
    expect(() => assertGraphExport({ ...file(), mentions: [{ ...mention, conceptId: 'x' }] })).toThrow(/joins a node/);
    expect(() => assertGraphExport({ ...file(), mentions: [{ ...mention, evidence: [] }] })).toThrow(/no evidence/);
    expect(() => assertGraphExport({ ...file(), mentions: [mention, mention] })).toThrow(/appears twice/);
    expect(() => assertGraphExport({ ...file(), mentions: [{ ...mention, term: '' }] })).toThrow(/term/);
  });
});
