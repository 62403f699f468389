// The custom-elements-manifest analyzer (run by scripts/build.mjs): write the manifest, never edit package.json.
export default {
  packagejson: false,
};
