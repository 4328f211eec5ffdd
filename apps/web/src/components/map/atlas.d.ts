// The bundled offline atlas (TopoJSON). Declared here so TypeScript does not infer a type from
// hundreds of kilobytes of coordinates.
declare module 'us-atlas/states-10m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}
declare module 'world-atlas/land-110m.json' {
  import type { Topology } from 'topojson-specification';
  const topology: Topology;
  export default topology;
}
