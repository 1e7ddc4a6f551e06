/** The ATS routes' cases for the hostile-input property tests (src/server/security/hostile-input.test.ts). */
import { randomUUID } from 'node:crypto';

/** A valid body for each ATS route that takes one, so a hostile value in one field reaches the database. */
export function atsValidBodies(ids: () => { entityId: string; userId: string }): Record<string, () => Record<string, unknown>> {
  return {
    'POST /ats/jobs': () => ({ entityId: ids().entityId, title: 'Prop Job', department: 'Engineering', location: 'Remote', employmentType: 'full_time', status: 'open' }),
    'PATCH /ats/jobs/{id}': () => ({ title: 'Prop Job', department: 'Data', version: 1 }),
    'POST /ats/candidates': () => ({
      entityId: ids().entityId,
      firstName: 'Prop',
      lastName: 'Candidate',
      email: `prop-${randomUUID()}@example.com`,
      phone: '+1 555 0100',
      source: 'Referral',
    }),
    'PATCH /ats/candidates/{id}': () => ({ firstName: 'Prop', source: 'Agency', version: 1 }),
    'POST /ats/candidates/import': () => ({
      entityId: ids().entityId,
      csv: `First Name,Last Name,Email,Phone,Source\r\nProp,Import,prop-${randomUUID()}@example.com,,LinkedIn\r\n`,
    }),
    'POST /ats/applications': () => ({ candidateId: randomUUID(), jobId: randomUUID() }),
    'POST /ats/applications/{id}/move': () => ({ stage: 'rejected', reason: 'Prop', version: 1 }),
    'POST /ats/interviews': () => ({ applicationId: randomUUID(), startsAt: '2099-01-01T10:00:00Z', durationMinutes: 30, interviewerIds: [ids().userId], location: 'Room 1' }),
    'POST /ats/interviews/{id}/feedback': () => ({ rating: 3, notes: 'Prop' }),
    'PATCH /ats/interviews/{id}': () => ({ startsAt: '2099-01-02T10:00:00Z', location: 'Room 2', emailCandidate: true, version: 1 }),
    'POST /ats/interviews/{id}/cancel': () => ({ version: 1 }),
  };
}

/** ATS text a user types, which must be stored clean (no control or format characters, NFKC names). */
export const atsStoredText =
  'select title from ats_jobs union all select department from ats_jobs union all select location from ats_jobs union all select first_name from ats_candidates union all select last_name from ats_candidates union all select source from ats_candidates';

/** ATS rows, counted: a refused request writes none. */
export const atsWrittenRows =
  '(select count(*) from ats_jobs) + (select count(*) from ats_candidates) + (select count(*) from ats_applications) + (select count(*) from ats_stage_history) + (select count(*) from ats_interviews) + (select count(*) from ats_interviewers) + (select count(*) from ats_resumes)';
