// Measures node text in the reader's actual font with a 2D canvas (no DOM layout), so lines that core/layout's
// estimate sized too narrow can be pinned inside their box (textLength) instead of spilling over its border.
import { NODE_BOX } from '../../core/layout';
import type { MeasureText } from './scene';

export function canvasTextMeasure(host: Element): MeasureText {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return () => undefined;
  ctx.font = `${NODE_BOX.fontSize}px ${getComputedStyle(host).fontFamily || 'sans-serif'}`;
  const cache = new Map<string, number>();
  return (text) => {
    let w = cache.get(text);
    if (w === undefined) {
      w = ctx.measureText(text).width;
      cache.set(text, w);
    }
    return w;
  };
}
