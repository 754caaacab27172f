// GET /forms/countries: the demo form's country list as JSON, for the navbar's Book a Demo modal
// (the /request-demo page renders it itself). Built on the server; the same for every visitor.
import { demoCountryData } from '../../lib/countries.server.ts';

export function loader() {
  return Response.json(demoCountryData(), { headers: { 'cache-control': 'public, max-age=86400' } });
}
