// The submission intake (services/intake.ts) over the database the database plugin opened: what
// the API routes and the page actions call to take in a visitor's submission.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createIdempotencyRepository } from '../db/repositories/idempotency.ts';
import { checkImage } from '../services/images.ts';
import { createIntake, type Intake } from '../services/intake.ts';

declare module 'fastify' {
  interface FastifyInstance {
    intake: Intake;
  }
}

export default fp(
  async function intake(app: FastifyInstance) {
    app.decorate('intake', createIntake({ submissions: app.services.submissions, keys: createIdempotencyRepository(app.db), checkImage }));
  },
  { name: 'intake', dependencies: ['database'] },
);
