// Addresses on OpenStreetMap for the office's location (site settings' `map`).
type Location = { latitude: number; longitude: number };

/** Half the width and height of the embedded map's box, in degrees: a few streets around the pin. */
const HALF_BOX_LONGITUDE = 0.006;
const HALF_BOX_LATITUDE = 0.0035;

const round = (value: number) => Number(value.toFixed(5));

/** The embeddable map (an iframe's src), centred on the pin. */
export function osmEmbedUrl({ latitude, longitude }: Location) {
  const bbox = [
    longitude - HALF_BOX_LONGITUDE,
    latitude - HALF_BOX_LATITUDE,
    longitude + HALF_BOX_LONGITUDE,
    latitude + HALF_BOX_LATITUDE,
  ]
    .map(round)
    .join(',');
  return `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${latitude},${longitude}`;
}

/** The map page on openstreetmap.org, with a marker on the office. */
export function osmPageUrl({ latitude, longitude }: Location) {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
