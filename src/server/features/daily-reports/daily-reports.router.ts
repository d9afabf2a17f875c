import { dailyReportOutput, getDailyReportInput } from '../../../shared/schemas/daily-reports';
import { protectedProcedure, router } from '../../trpc/init';

export const dailyReportsRouter = router({
  get: protectedProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/children/{id}/reports/{date}',
        tags: ['children'],
        summary: "A child's day at nursery",
        description:
          'The daily report of one child for one calendar day in the nursery\'s time zone (`date` is yyyy-MM-dd, or `today`), built from the ' +
          'activities logged that day, the child\'s own and their classroom\'s: arrival and departure, naps with start, end and duration, ' +
          'meals and snacks, other activities, photos, and staff notes. A nap ends at the child\'s next activity. A day with nothing ' +
          'logged answers empty sections; a day still to come answers 400. For the adults of the child\'s family, and for staff of the ' +
          "child's nursery; any other child answers 404.",
        errorResponses: { 400: 'date is not a day, or is still to come', 401: 'Not signed in', 404: 'Not a child whose day you may see' },
      },
    })
    .input(getDailyReportInput)
    .output(dailyReportOutput)
    .query(({ ctx, input }) => ctx.services.dailyReports.getReport(ctx.user, input)),
});
