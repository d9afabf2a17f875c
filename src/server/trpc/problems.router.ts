import { z } from 'zod';
import { PROBLEM_CODES, PROBLEMS, notFound, problemType, type ProblemCode } from '../errors';
import { text } from '../../shared/schemas/common';
import { publicProcedure, router } from './init';

const problemDescription = z.object({
  type: z.string().meta({ example: '/api/problems/slot_unavailable' }),
  code: z.enum(PROBLEM_CODES as [ProblemCode, ...ProblemCode[]]),
  status: z.number().int(),
  title: z.string(),
  description: z.string(),
});

const describe = (code: ProblemCode) => ({ type: problemType(code), code, ...PROBLEMS[code] });
const tags = ['problems'];

/** Every error's `type` is a URI here, so an integrator can look up what a code means. */
export const problemsRouter = router({
  list: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/problems', tags, protect: false, summary: 'Every problem code an error can carry', description: 'The closed list of `code` values in error bodies, with the HTTP status of each.' } })
    .input(z.strictObject({}).optional())
    .output(z.array(problemDescription))
    .query(() => PROBLEM_CODES.map(describe)),
  get: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/problems/{code}', tags, protect: false, summary: 'One problem code', description: "An error body's `type` points here." } })
    .input(z.strictObject({ code: text().max(64, 'A problem code has at most 64 characters.') }))
    .output(problemDescription)
    .query(({ input }) => {
      if (!(input.code in PROBLEMS)) throw notFound(`The problem code '${input.code}'`);
      return describe(input.code as ProblemCode);
    }),
});
