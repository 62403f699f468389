// The scripted server's vision side: how many image parts a request carries, and a transcription answer in the
// format of core/images (docs/contracts/images.md#transcription) for "图片 i，文件名：name" captions. Each image gets one unit of every
// kind, a relation per diagram unit, and sentences the scripted extraction turns into one node each.

/** Image parts in chat messages: OpenAI-compatible `image_url`, Anthropic `image`. */
export function imagePartCount(messages) {
  if (!Array.isArray(messages)) return 0;
  return messages
    .flatMap((m) => (Array.isArray(m?.content) ? m.content : []))
    .filter((p) => p?.type === 'image_url' || p?.type === 'image' || p?.type === 'input_image').length;
}

/** `scenario` "omit-image" leaves the last image out; "not-json" answers prose (the task must fail typed). */
export function transcriptionFor(user, count, scenario = 'ok') {
  if (scenario === 'not-json') return 'I looked at the images; they show water.';
  // Text parts may arrive joined without a separator: a name ends where the next caption begins.
  const names = [...user.matchAll(/图片 (\d+)，文件名：(.*?)(?=图片 \d+，文件名：|\n|$)/g)].map((m) => m[2].trim());
  const images = Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const name = names[i] ?? `image ${n}`;
    return {
      imageIndex: n,
      summary: `Image ${n} (${name}) shows a water cycle diagram with a table and a chart.`,
      units: [
        {
          kind: 'text',
          text: `Figure ${n} is titled "The water cycle ${n}". Water moves between the sea and the sky.`,
        },
        { kind: 'table', text: `Stage ${n} | Place\nEvaporation | Sea\nCondensation | Clouds` },
        {
          kind: 'diagram',
          text: `Evaporation ${n} → Condensation ${n}: an arrow leads from evaporation to condensation.`,
        },
        { kind: 'diagram', text: `Clouds ${n} contain droplets, so the diagram groups clouds with rain.` },
        { kind: 'chart', text: `Rainfall in chart ${n} rises from 10 mm in May to 80 mm in July.` },
        { kind: 'formula', text: `Runoff ${n} equals rainfall minus evaporation.` },
        { kind: 'layout', text: `The legend of figure ${n} maps blue to water and grey to clouds.` },
      ],
      warnings: n === 1 ? ['The bottom-right label is blurred.'] : [],
    };
  });
  return JSON.stringify({ images: scenario === 'omit-image' ? images.slice(0, -1) : images });
}
