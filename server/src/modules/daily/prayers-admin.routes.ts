import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { editorPrayer, prayerCalendar, prayerDayParams } from '#common/contracts/daily.ts';
import { errorBody } from '#common/contracts/errors.ts';
import type { AuditLog } from '../../access/audit-log.ts';
import type { StaffGate } from '../../access/staff.ts';
import type { DailyService } from './daily.service.ts';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody };

/** The admin panel's prayers: the calendar around today, and an editor's prayer for a day (it comes first). */
export function prayersAdminRoutes(daily: DailyService, audit: AuditLog, staffOf: StaffGate, changed: () => void): FastifyPluginAsyncZod {
  return async (app) => {
    app.get('/api/admin/prayers', { schema: { response: { 200: prayerCalendar, ...errors } } }, async (req) => {
      await staffOf(req);
      return daily.calendar();
    });
    app.put(
      '/api/admin/prayers/:day',
      { schema: { params: prayerDayParams, body: editorPrayer, response: { 200: prayerCalendar, ...errors } } },
      async (req) => {
        const staff = await staffOf(req);
        await daily.scheduleEditorPrayer(req.params.day, req.body.title, req.body.content);
        await audit.record(staff, 'prayer.write', `prayer ${req.params.day}`, req.body.title);
        // Its picture is made now for today (the home page shows it), else by the daily job on the day.
        if (req.params.day === daily.today()) await daily.ensureDay(req.params.day);
        // Cached pages showing the day's prayer (the home page, the archive) are made again.
        changed();
        return daily.calendar();
      },
    );
  };
}
