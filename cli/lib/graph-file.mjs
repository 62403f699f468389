// Reading an exported graph file (GET /api/documents/:id/export?format=json) for `kg import`: its identity, and its
// source text rebuilt from the units (each unit's text at its own offset; heading markers put back in the gaps), so
// the server segments it into the same numbered units and the file's quotes authenticate against them again.
import { CliError } from './errors.mjs';

const FORMAT = 'kg-workbench.graph';

export function parseGraphFile(raw, file) {
  let value;
  try {
    value = JSON.parse(raw);
  } catch (error) {
    throw new CliError('invalid_input', `invalid JSON in ${file}: ${error.message}`);
  }
  const bad = (why) => new CliError('invalid_input', `${file} is not a kg-workbench graph file: ${why}.`);
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw bad('not a JSON object');
  if (value.format !== FORMAT) throw bad(`format is not "${FORMAT}"`);
  if (value.version !== 1) throw bad(`unsupported version ${JSON.stringify(value.version)}`);
  for (const key of ['units', 'nodes', 'edges']) if (!Array.isArray(value[key])) throw bad(`${key} is not an array`);
  if (!value.units.length) throw bad('it has no units (no source text)');
  return value;
}

export function sourceText(graph) {
  const levels = new Map((graph.sections ?? []).map((s) => [s.firstUnit, s.level]));
  const units = [...graph.units].sort((a, b) => a.n - b.n);
  let text = '';
  for (const unit of units) {
    const gap = unit.start - text.length;
    const marker = unit.kind === 'heading' ? `${'#'.repeat(Math.min(6, Math.max(1, levels.get(unit.n) ?? 1)))} ` : '';
    const separator = text ? 2 : 0;
    if (gap >= marker.length + separator) text += '\n'.repeat(gap - marker.length) + marker;
    else text += `${text ? '\n\n' : ''}${marker}`; // offsets that do not fit: fall back to blank-line paragraphs
    text += unit.text;
  }
  return `${text}\n`;
}
