// Measures node text in the reader's actual font with a 2D canvas (no DOM layout), so lines that core/layout's
// estimate sized too narrow can be pinned inside their box (textLength) instead of spilling over its border.
// Widths are summed per character from a cache (kerning ignored): a few hundred measureText calls serve any graph.
import { NODE_BOX } from '../../core/layout/text-size';
import type { MeasureText } from './scene';

export function canvasTextMeasure(host: Element): MeasureText {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return () => undefined;
  ctx.font = `${NODE_BOX.fontSize}px ${getComputedStyle(host).fontFamily || 'sans-serif'}`;
  const widths = new Map<string, number>();
  return (text) => {
    let sum = 0;
    for (const ch of text) {
      let w = widths.get(ch);
      if (w === undefined) {
        w = ctx.measureText(ch).width;
        widths.set(ch, w);
      }
      sum += w;
    }
    return sum;
  };
}
