/**
 * The ATS routes' cases for the authorization walks (src/server/security/authorization.test.ts):
 * each route with company A's own records, and aimed at company B's (404, as if they did not exist).
 */
import type { Client } from '../../test/harness';

export interface AtsRecords {
  jobId: string;
  candidateId: string;
  applicationId: string;
  interviewId: string;
}

type Case = () => { path: string; body?: unknown };
type Attack = () => { path: string; body?: unknown; expected: number[] };

/** A job, a candidate, an application and an interview (with these interviewers) of the company, made by its super admin. */
export async function atsRecords(admin: Client, entityId: string, interviewerIds: string[]): Promise<AtsRecords> {
  const job = await admin.post('/ats/jobs', { entityId, title: 'Walk Target', employmentType: 'full_time', status: 'open' });
  const candidate = await admin.post('/ats/candidates', {
    entityId,
    firstName: 'Walk',
    lastName: 'Candidate',
    email: `walk-${Math.random().toString(36).slice(2)}@example.com`,
    jobId: job.body.id,
  });
  const applications = await admin.get(`/ats/applications?candidateId=${candidate.body.id}`);
  const applicationId = applications.body.items[0].id as string;
  const interview = await admin.post('/ats/interviews', {
    applicationId,
    startsAt: new Date(Date.now() + 86_400_000).toISOString(),
    durationMinutes: 30,
    interviewerIds,
  });
  if (job.status !== 201 || candidate.status !== 201 || interview.status !== 201) throw new Error('ATS walk records were not created');
  return { jobId: job.body.id, candidateId: candidate.body.id, applicationId, interviewId: interview.body.id };
}

export function atsOwnRequests(entityId: string, r: () => AtsRecords): Record<string, Case> {
  return {
    'GET /ats/context': () => ({ path: '/ats/context' }),
    'GET /ats/dashboard': () => ({ path: `/ats/dashboard?entityId=${entityId}` }),
    'GET /ats/user-options': () => ({ path: `/ats/user-options?entityId=${entityId}` }),
    'GET /ats/jobs': () => ({ path: `/ats/jobs?entityId=${entityId}` }),
    'GET /ats/jobs/export': () => ({ path: '/ats/jobs/export' }),
    'POST /ats/jobs': () => ({ path: '/ats/jobs', body: { entityId, title: 'Walked Job', employmentType: 'full_time' } }),
    'GET /ats/jobs/{id}': () => ({ path: `/ats/jobs/${r().jobId}` }),
    'PATCH /ats/jobs/{id}': () => ({ path: `/ats/jobs/${r().jobId}`, body: { title: 'Walked', version: 999 } }),
    'GET /ats/jobs/{id}/board': () => ({ path: `/ats/jobs/${r().jobId}/board` }),
    'GET /ats/jobs/{id}/board-column': () => ({ path: `/ats/jobs/${r().jobId}/board-column?stage=applied` }),
    'GET /ats/candidates': () => ({ path: `/ats/candidates?entityId=${entityId}` }),
    'GET /ats/candidates/export': () => ({ path: '/ats/candidates/export' }),
    'POST /ats/candidates/import': () => ({ path: '/ats/candidates/import', body: { entityId, csv: 'First Name\nx' } }),
    'POST /ats/candidates': () => ({
      path: '/ats/candidates',
      body: { entityId, firstName: 'New', lastName: 'Candidate', email: `walk-new-${Math.random().toString(36).slice(2)}@example.com` },
    }),
    'GET /ats/candidates/{id}': () => ({ path: `/ats/candidates/${r().candidateId}` }),
    'PATCH /ats/candidates/{id}': () => ({ path: `/ats/candidates/${r().candidateId}`, body: { phone: '123', version: 999 } }),
    'PUT /ats/candidates/{id}/resume': () => ({ path: `/ats/candidates/${r().candidateId}/resume`, body: {} }),
    'GET /ats/candidates/{id}/resume': () => ({ path: `/ats/candidates/${r().candidateId}/resume` }),
    'GET /ats/applications': () => ({ path: `/ats/applications?entityId=${entityId}` }),
    'POST /ats/applications': () => ({ path: '/ats/applications', body: { candidateId: r().candidateId, jobId: r().jobId } }),
    'GET /ats/applications/{id}': () => ({ path: `/ats/applications/${r().applicationId}` }),
    'POST /ats/applications/{id}/move': () => ({ path: `/ats/applications/${r().applicationId}/move`, body: { stage: 'review', version: 999 } }),
    'GET /ats/interviews': () => ({ path: `/ats/interviews?entityId=${entityId}` }),
    'GET /ats/interviews/export': () => ({ path: '/ats/interviews/export' }),
    'POST /ats/interviews': () => ({
      path: '/ats/interviews',
      body: { applicationId: r().applicationId, startsAt: '2099-01-01T10:00:00Z', durationMinutes: 30, interviewerIds: ['00000000-0000-4000-8000-000000000000'] },
    }),
    'GET /ats/interviews/{id}': () => ({ path: `/ats/interviews/${r().interviewId}` }),
    'POST /ats/interviews/{id}/feedback': () => ({ path: `/ats/interviews/${r().interviewId}/feedback`, body: { rating: 3, notes: '' } }),
    'PATCH /ats/interviews/{id}': () => ({ path: `/ats/interviews/${r().interviewId}`, body: { location: 'Walked', version: 999 } }),
    'POST /ats/interviews/{id}/cancel': () => ({ path: `/ats/interviews/${r().interviewId}/cancel`, body: { version: 999 } }),
  };
}

/** Each ATS route aimed at company B's entity and records: 404, as if they did not exist. */
export function atsAttacks(entityA: string, entityB: string, a: () => AtsRecords, b: () => AtsRecords): Record<string, Attack> {
  const own = atsOwnRequests(entityA, a);
  const swap = (key: string, path: string, body?: unknown): Attack => () => ({ path, body: body ?? own[key]!().body, expected: [404] });
  return {
    'GET /ats/dashboard': swap('GET /ats/dashboard', `/ats/dashboard?entityId=${entityB}`),
    'GET /ats/user-options': swap('GET /ats/user-options', `/ats/user-options?entityId=${entityB}`),
    'GET /ats/jobs': swap('GET /ats/jobs', `/ats/jobs?entityId=${entityB}`),
    'GET /ats/jobs/export': swap('GET /ats/jobs/export', `/ats/jobs/export?entityId=${entityB}`),
    'POST /ats/jobs': swap('POST /ats/jobs', '/ats/jobs', { entityId: entityB, title: 'Into B', employmentType: 'full_time' }),
    'GET /ats/jobs/{id}': swap('GET /ats/jobs/{id}', `/ats/jobs/${b().jobId}`),
    'PATCH /ats/jobs/{id}': swap('PATCH /ats/jobs/{id}', `/ats/jobs/${b().jobId}`, { title: 'Hijacked', version: 1 }),
    'GET /ats/jobs/{id}/board': swap('GET /ats/jobs/{id}/board', `/ats/jobs/${b().jobId}/board`),
    'GET /ats/jobs/{id}/board-column': swap('GET /ats/jobs/{id}/board-column', `/ats/jobs/${b().jobId}/board-column?stage=applied`),
    'GET /ats/candidates': swap('GET /ats/candidates', `/ats/candidates?entityId=${entityB}`),
    'GET /ats/candidates/export': swap('GET /ats/candidates/export', `/ats/candidates/export?entityId=${entityB}`),
    'POST /ats/candidates/import': swap('POST /ats/candidates/import', '/ats/candidates/import', {
      entityId: entityB,
      csv: 'First Name,Last Name,Email,Phone,Source\nIn,B,inb@example.com,,',
    }),
    'POST /ats/candidates': swap('POST /ats/candidates', '/ats/candidates', { entityId: entityB, firstName: 'In', lastName: 'B', email: 'in-b@example.com' }),
    'GET /ats/candidates/{id}': swap('GET /ats/candidates/{id}', `/ats/candidates/${b().candidateId}`),
    'PATCH /ats/candidates/{id}': swap('PATCH /ats/candidates/{id}', `/ats/candidates/${b().candidateId}`, { phone: 'Hijacked', version: 1 }),
    'GET /ats/candidates/{id}/resume': swap('GET /ats/candidates/{id}/resume', `/ats/candidates/${b().candidateId}/resume`),
    'GET /ats/applications': swap('GET /ats/applications', `/ats/applications?entityId=${entityB}`),
    'POST /ats/applications': swap('POST /ats/applications', '/ats/applications', { candidateId: b().candidateId, jobId: b().jobId }),
    'GET /ats/applications/{id}': swap('GET /ats/applications/{id}', `/ats/applications/${b().applicationId}`),
    'POST /ats/applications/{id}/move': swap('POST /ats/applications/{id}/move', `/ats/applications/${b().applicationId}/move`, { stage: 'review', version: 1 }),
    'GET /ats/interviews': swap('GET /ats/interviews', `/ats/interviews?entityId=${entityB}`),
    'GET /ats/interviews/export': swap('GET /ats/interviews/export', `/ats/interviews/export?entityId=${entityB}`),
    'POST /ats/interviews': swap('POST /ats/interviews', '/ats/interviews', {
      applicationId: b().applicationId,
      startsAt: '2099-01-01T10:00:00Z',
      durationMinutes: 30,
      interviewerIds: ['00000000-0000-4000-8000-000000000000'],
    }),
    'GET /ats/interviews/{id}': swap('GET /ats/interviews/{id}', `/ats/interviews/${b().interviewId}`),
    'POST /ats/interviews/{id}/feedback': swap('POST /ats/interviews/{id}/feedback', `/ats/interviews/${b().interviewId}/feedback`, { rating: 5, notes: '' }),
    'PATCH /ats/interviews/{id}': swap('PATCH /ats/interviews/{id}', `/ats/interviews/${b().interviewId}`, { location: 'Hijacked', version: 1 }),
    'POST /ats/interviews/{id}/cancel': swap('POST /ats/interviews/{id}/cancel', `/ats/interviews/${b().interviewId}/cancel`, { version: 1 }),
  };
}

/** Company B's ATS rows, to prove the walk changed none. */
export const atsSnapshotQueries = [
  'select * from ats_jobs where company_id = $1 order by id',
  'select * from ats_candidates where company_id = $1 order by id',
  'select * from ats_applications where company_id = $1 order by id',
  'select * from ats_stage_history where company_id = $1 order by id',
  'select * from ats_interviews where company_id = $1 order by id',
  'select * from ats_interviewers where company_id = $1 order by interview_id, user_id',
];
