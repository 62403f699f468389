import { defineConfig } from 'vitepress';

export default defineConfig({
  title: 'Edge cache handbook',
  description: 'An example docs site that embeds kg-workbench',
  srcExclude: ['README.md'],
  head: [['link', { rel: 'icon', href: 'data:,' }]],
  // The graph files are plain JSON under public/graphs; nothing is fetched from a Worker at read time.
  vue: {
    template: {
      // <kg-workbench> is a custom element, not a Vue component: let it through as is.
      compilerOptions: { isCustomElement: (tag) => tag.startsWith('kg-') },
    },
  },
  locales: {
    root: {
      label: 'English',
      lang: 'en',
      themeConfig: {
        sidebar: [{ text: 'Guide', items: [{ text: 'How the edge cache works', link: '/guide/caching' }] }],
      },
    },
    zh: {
      label: '简体中文',
      lang: 'zh-CN',
      link: '/zh/',
      themeConfig: { sidebar: [{ text: '指南', items: [{ text: '边缘缓存如何工作', link: '/zh/guide/caching' }] }] },
    },
  },
});
