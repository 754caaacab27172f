// YAML files in content/ are imported as their parsed, build-validated data (vite.config.ts).
declare module '*.yaml' {
  const data: unknown;
  export default data;
}
