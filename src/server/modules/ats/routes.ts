import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  ATS_MESSAGES,
  CANDIDATE_CSV_COLUMNS,
  MAX_RESUME_BYTES,
  STAGES,
  applicationCreateInput,
  applicationDetail,
  applicationListQuery,
  applicationPage,
  atsDashboard,
  atsUserOptions,
  board,
  boardColumn,
  boardQuery,
  candidate,
  candidateCreateInput,
  candidateFilters,
  candidateListQuery,
  candidatePage,
  candidateUpdateInput,
  columnQuery,
  feedbackInput,
  interview,
  interviewCreateInput,
  interviewListQuery,
  interviewPage,
  job,
  jobCreateInput,
  jobFilters,
  jobListQuery,
  jobPage,
  jobUpdateInput,
  moveInput,
} from '@/shared/ats';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { entityFilter, importInput, importReport, moduleContext as moduleContextSchema, MODULE_MESSAGES } from '@/shared/modules';
import { optionalPlainText } from '@/shared/text';
import { auditContext } from '../../audit/context';
import type { AppEnv } from '../../http/env';
import { badRequest, notFound } from '../../http/errors';
import { idParams, isUuid } from '../../http/params';
import { defineRoute, errorContent, jsonBody, jsonContent } from '../../http/route';
import { csvResponse } from '../../platform/csv';
import { moduleContext } from '../../platform/context';
import { cleanFileName, fileResponse, isPdf, mediaType, readUpload } from '../../platform/files';
import { boardColumnPage, createApplication, getApplication, jobBoard, listApplications, moveApplication } from './applications';
import {
  CANDIDATE_EXPORT_COLUMNS,
  candidateCsvPages,
  createCandidate,
  getCandidate,
  importCandidates,
  listCandidates,
  resumeInfo,
  resumeSlice,
  saveResume,
  updateCandidate,
} from './candidates';
import { dashboard } from './dashboard';
import { getInterview, INTERVIEW_EXPORT_COLUMNS, interviewCsvPages, listInterviews, scheduleInterview, submitFeedback } from './interviews';
import { atsUsers, createJob, getJob, JOB_EXPORT_COLUMNS, jobCsvPages, listJobs, updateJob } from './jobs';

// Every ATS route is a signed-in route; the product and role rules are withModuleScope's (403/404).
const scoped = { 403: errorContent(MODULE_MESSAGES.noAccess, MODULE_MESSAGES.memberRequired), 404: errorContent('Not found in your scope') };
const withVersion = { ...scoped, 409: errorContent(MODULE_MESSAGES.staleVersion) };
const tags: ['ATS'] = ['ATS'];

/** A path id that is not a uuid names nothing: 404, like another entity's record. */
const uuidParam = (id: string, message: string) => {
  if (!isUuid(id)) throw notFound(message);
  return id.toLowerCase();
};

const csv = (description: string) => ({
  200: { content: { 'text/csv': { schema: z.string().meta({ description }) } }, description: 'CSV with a header row, streamed' },
  ...scoped,
});

const contextRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/context',
  tags,
  summary: 'ATS: the entities where the caller holds ATS, with their role',
  responses: { 200: jsonContent(moduleContextSchema), ...scoped },
});
const dashboardRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/dashboard',
  tags,
  summary: 'ATS dashboard: open jobs, pipeline by stage, interviews this week, median days to hire (last 90 days)',
  request: { query: entityFilter },
  responses: { 200: jsonContent(atsDashboard), ...scoped },
});
const userOptionsRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/user-options',
  tags,
  summary: 'Users with ATS access at an entity: who may be a hiring manager or an interviewer',
  request: { query: z.object({ entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }) }) },
  responses: { 200: jsonContent(atsUserOptions), ...scoped },
});

// ---- Jobs
const listJobsRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/jobs',
  tags,
  summary: 'Jobs: keyset pages, newest first or by title, search and status filter',
  request: { query: jobListQuery },
  responses: { 200: jsonContent(jobPage), ...scoped },
});
const exportJobsRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/jobs/export',
  tags,
  summary: 'The jobs list under the same filters as CSV (streamed)',
  request: { query: jobFilters },
  responses: csv(`CSV: ${JOB_EXPORT_COLUMNS.join(', ')}`),
});
const createJobRoute = defineRoute('user', {
  method: 'post',
  path: '/ats/jobs',
  tags,
  summary: 'Post a job (Member or App Admin); Draft unless a status is given',
  request: { body: jsonBody(jobCreateInput) },
  responses: { 201: jsonContent(job, 'Created'), ...scoped },
});
const getJobRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/jobs/{id}',
  tags,
  summary: 'One job',
  request: { params: idParams },
  responses: { 200: jsonContent(job), ...scoped },
});
const updateJobRoute = defineRoute('user', {
  method: 'patch',
  path: '/ats/jobs/{id}',
  tags,
  summary: 'Edit a job or change its status (send the version you read; 409 when it changed since)',
  request: { params: idParams, body: jsonBody(jobUpdateInput) },
  responses: { 200: jsonContent(job), ...withVersion },
});
const boardRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/jobs/{id}/board',
  tags,
  summary: "A job's board: each stage's count and first page of applications, in board order",
  request: { params: idParams, query: boardQuery },
  responses: { 200: jsonContent(board), ...scoped },
});
const columnRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/jobs/{id}/board-column',
  tags,
  summary: "The next page of one column of a job's board",
  request: { params: idParams, query: columnQuery.extend({ stage: z.enum(STAGES, { error: 'Choose a stage' }) }) },
  responses: { 200: jsonContent(boardColumn), ...scoped },
});

// ---- Candidates
const listCandidatesRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/candidates',
  tags,
  summary: 'Candidates: keyset pages, newest first or by name, search by name or email',
  request: { query: candidateListQuery },
  responses: { 200: jsonContent(candidatePage), ...scoped },
});
const exportCandidatesRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/candidates/export',
  tags,
  summary: 'The candidates list under the same filters as CSV (streamed)',
  request: { query: candidateFilters },
  responses: csv(`CSV: ${CANDIDATE_EXPORT_COLUMNS.join(', ')}`),
});
const importCandidatesRoute = defineRoute('user', {
  method: 'post',
  path: '/ats/candidates/import',
  tags,
  summary: `Import candidates from CSV (${CANDIDATE_CSV_COLUMNS.join(', ')}) into one entity; a per-row report`,
  request: { body: jsonBody(importInput) },
  responses: { 200: jsonContent(importReport), ...scoped },
});
const createCandidateRoute = defineRoute('user', {
  method: 'post',
  path: '/ats/candidates',
  tags,
  summary: 'Add a candidate (one per email per entity), optionally applying to an Open job at once',
  request: { body: jsonBody(candidateCreateInput) },
  responses: { 201: jsonContent(candidate, 'Created'), ...scoped, 409: errorContent(ATS_MESSAGES.candidateEmailTaken, ATS_MESSAGES.alreadyApplied) },
});
const getCandidateRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/candidates/{id}',
  tags,
  summary: 'One candidate',
  request: { params: idParams },
  responses: { 200: jsonContent(candidate), ...scoped },
});
const updateCandidateRoute = defineRoute('user', {
  method: 'patch',
  path: '/ats/candidates/{id}',
  tags,
  summary: 'Edit a candidate (send the version you read; 409 when it changed since)',
  request: { params: idParams, body: jsonBody(candidateUpdateInput) },
  responses: { 200: jsonContent(candidate), ...withVersion, 409: errorContent(MODULE_MESSAGES.staleVersion, ATS_MESSAGES.candidateEmailTaken) },
});
const uploadResumeRoute = defineRoute('user', {
  method: 'put',
  path: '/ats/candidates/{id}/resume',
  tags,
  summary: "Upload or replace a candidate's résumé: the PDF itself as the body (Content-Type: application/pdf), at most 5 MB",
  description:
    'The body must be a PDF both by its Content-Type and by its first bytes (`%PDF-`): a file of another kind renamed to .pdf is refused. The file is stored in the database. `fileName` is the name to download it under.',
  request: {
    params: idParams,
    query: z.object({ fileName: optionalPlainText({ max: 200 }).optional() }),
    body: { content: { 'application/pdf': { schema: z.string().meta({ format: 'binary', description: 'The PDF file' }) } }, required: true },
  },
  responses: {
    200: jsonContent(candidate),
    ...scoped,
    400: errorContent(ATS_MESSAGES.resumeNotPdf, ATS_MESSAGES.resumeEmpty),
    413: errorContent(ATS_MESSAGES.resumeTooLarge),
  },
});
const downloadResumeRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/candidates/{id}/resume',
  tags,
  summary: "Download a candidate's résumé (as an attachment; streamed)",
  request: { params: idParams },
  responses: {
    200: { content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } }, description: 'The PDF, with Content-Disposition: attachment' },
    ...scoped,
    404: errorContent(ATS_MESSAGES.candidateNotFound, ATS_MESSAGES.resumeNotFound),
  },
});

// ---- Applications
const listApplicationsRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/applications',
  tags,
  summary: 'Applications, newest first, by candidate, job or stage',
  request: { query: applicationListQuery },
  responses: { 200: jsonContent(applicationPage), ...scoped },
});
const createApplicationRoute = defineRoute('user', {
  method: 'post',
  path: '/ats/applications',
  tags,
  summary: 'A candidate applies to an Open job of their entity (Member or App Admin)',
  request: { body: jsonBody(applicationCreateInput) },
  responses: { 201: jsonContent(applicationDetail.omit({ history: true }), 'Created'), ...scoped, 409: errorContent(ATS_MESSAGES.alreadyApplied) },
});
const getApplicationRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/applications/{id}',
  tags,
  summary: 'One application with its stage history (who and when)',
  request: { params: idParams },
  responses: { 200: jsonContent(applicationDetail), ...scoped },
});
const moveRoute = defineRoute('user', {
  method: 'post',
  path: '/ats/applications/{id}/move',
  tags,
  summary: 'Move an application to a stage and a place in its column; Rejected needs a reason; Hired may create the HRMS employee',
  description:
    '`afterId`: the card to place it after in the target column (absent: at the top). `createEmployee` (only with `stage: hired`) creates the HRMS employee record from the candidate and the job, in the same transaction as the stage change; it needs HRMS at the entity and HRMS Member or App Admin for the caller.',
  request: { params: idParams, body: jsonBody(moveInput) },
  responses: {
    200: jsonContent(applicationDetail),
    ...scoped,
    400: errorContent(ATS_MESSAGES.rejectionReasonRequired, ATS_MESSAGES.positionInvalid, ATS_MESSAGES.hireNeedsHrms),
    403: errorContent(MODULE_MESSAGES.memberRequired, ATS_MESSAGES.hireNeedsHrmsRole),
    409: errorContent(MODULE_MESSAGES.staleVersion, HRMS_MESSAGES.emailTaken, ATS_MESSAGES.alreadyEmployee),
  },
});

// ---- Interviews
const listInterviewsRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/interviews',
  tags,
  summary: 'Interviews: upcoming (soonest first) or past (latest first); `mine=true`: those the caller sits on',
  request: { query: interviewListQuery },
  responses: { 200: jsonContent(interviewPage), ...scoped },
});
const exportInterviewsRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/interviews/export',
  tags,
  summary: 'The interviews list under the same filters as CSV (streamed)',
  request: { query: interviewListQuery.omit({ limit: true, cursor: true }) },
  responses: csv(`CSV: ${INTERVIEW_EXPORT_COLUMNS.join(', ')}`),
});
const scheduleRoute = defineRoute('user', {
  method: 'post',
  path: '/ats/interviews',
  tags,
  summary: 'Schedule an interview on an application, with interviewers who hold ATS at its entity',
  request: { body: jsonBody(interviewCreateInput) },
  responses: { 201: jsonContent(interview, 'Created'), ...scoped },
});
const getInterviewRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/interviews/{id}',
  tags,
  summary: "One interview; an interviewer sees the others' feedback only after submitting their own",
  request: { params: idParams },
  responses: { 200: jsonContent(interview), ...scoped },
});
const feedbackRoute = defineRoute('user', {
  method: 'post',
  path: '/ats/interviews/{id}/feedback',
  tags,
  summary: 'Submit my feedback on an interview I sit on (1–5 and notes), once',
  request: { params: idParams, body: jsonBody(feedbackInput) },
  responses: {
    200: jsonContent(interview),
    ...scoped,
    403: errorContent(ATS_MESSAGES.notInterviewer),
    409: errorContent(ATS_MESSAGES.feedbackAlreadySubmitted),
  },
});

/** A CSV download whose first page is read before answering: a refusal is a status, not a broken file. */
async function streamCsv(filename: string, header: string[], pages: AsyncGenerator<(string | number | null)[][]>) {
  const first = await pages.next();
  return csvResponse(filename, header, async function* () {
    if (!first.done) yield first.value;
    yield* pages;
  });
}

export const atsRoutes = new OpenAPIHono<AppEnv>()
  .openapi(contextRoute, async (c) => c.json(await moduleContext(c.get('database').db, c.get('user'), 'ats'), 200))
  .openapi(dashboardRoute, async (c) => c.json(await dashboard(c.get('database').db, c.get('user'), c.req.valid('query').entityId), 200))
  .openapi(userOptionsRoute, async (c) => c.json(await atsUsers(c.get('database').db, c.get('user'), c.req.valid('query').entityId), 200))
  .openapi(listJobsRoute, async (c) => c.json(await listJobs(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  // Before /ats/jobs/{id}, which would otherwise take "export" as an id.
  .openapi(exportJobsRoute, async (c) => (await streamCsv('jobs.csv', JOB_EXPORT_COLUMNS, jobCsvPages(c.get('database').db, c.get('user'), c.req.valid('query')))) as never)
  .openapi(createJobRoute, async (c) => c.json(await createJob(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getJobRoute, async (c) => c.json(await getJob(c.get('database').db, c.get('user'), uuidParam(c.req.valid('param').id, ATS_MESSAGES.jobNotFound)), 200))
  .openapi(updateJobRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, ATS_MESSAGES.jobNotFound);
    return c.json(await updateJob(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(boardRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, ATS_MESSAGES.jobNotFound);
    return c.json(await jobBoard(c.get('database').db, c.get('user'), id, c.req.valid('query').limit), 200);
  })
  .openapi(columnRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, ATS_MESSAGES.jobNotFound);
    const { stage, ...query } = c.req.valid('query');
    return c.json(await boardColumnPage(c.get('database').db, c.get('user'), id, stage, query), 200);
  })
  .openapi(listCandidatesRoute, async (c) => c.json(await listCandidates(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(
    exportCandidatesRoute,
    async (c) => (await streamCsv('candidates.csv', CANDIDATE_EXPORT_COLUMNS, candidateCsvPages(c.get('database').db, c.get('user'), c.req.valid('query')))) as never,
  )
  .openapi(importCandidatesRoute, async (c) => c.json(await importCandidates(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 200))
  .openapi(createCandidateRoute, async (c) => c.json(await createCandidate(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getCandidateRoute, async (c) =>
    c.json(await getCandidate(c.get('database').db, c.get('user'), uuidParam(c.req.valid('param').id, ATS_MESSAGES.candidateNotFound)), 200),
  )
  .openapi(updateCandidateRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, ATS_MESSAGES.candidateNotFound);
    return c.json(await updateCandidate(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(uploadResumeRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, ATS_MESSAGES.candidateNotFound);
    // Checked twice: the declared type, then the bytes themselves (a renamed file keeps its own first bytes).
    if (mediaType(c.req.header('content-type')) !== 'application/pdf') throw badRequest(ATS_MESSAGES.resumeNotPdf);
    const content = await readUpload(c.req.raw, MAX_RESUME_BYTES, { tooLarge: ATS_MESSAGES.resumeTooLarge, empty: ATS_MESSAGES.resumeEmpty });
    if (!isPdf(content)) throw badRequest(ATS_MESSAGES.resumeNotPdf);
    const fileName = cleanFileName(c.req.valid('query').fileName, 'resume.pdf', '.pdf');
    return c.json(await saveResume(c.get('database').db, c.get('user'), id, { fileName, content }, auditContext(c)), 200);
  })
  .openapi(downloadResumeRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, ATS_MESSAGES.candidateNotFound);
    const db = c.get('database').db;
    const user = c.get('user');
    const file = await resumeInfo(db, user, id);
    return fileResponse({ fileName: file.fileName, size: file.size, contentType: 'application/pdf' }, (offset, length) => resumeSlice(db, user, file.id, offset, length)) as never;
  })
  .openapi(listApplicationsRoute, async (c) => c.json(await listApplications(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(createApplicationRoute, async (c) => c.json(await createApplication(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getApplicationRoute, async (c) =>
    c.json(await getApplication(c.get('database').db, c.get('user'), uuidParam(c.req.valid('param').id, ATS_MESSAGES.applicationNotFound)), 200),
  )
  .openapi(moveRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, ATS_MESSAGES.applicationNotFound);
    return c.json(await moveApplication(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  })
  .openapi(listInterviewsRoute, async (c) => c.json(await listInterviews(c.get('database').db, c.get('user'), c.req.valid('query')), 200))
  .openapi(
    exportInterviewsRoute,
    async (c) =>
      (await streamCsv('interviews.csv', INTERVIEW_EXPORT_COLUMNS, interviewCsvPages(c.get('database').db, c.get('user'), c.req.valid('query')))) as never,
  )
  .openapi(scheduleRoute, async (c) => c.json(await scheduleInterview(c.get('database').db, c.get('user'), c.req.valid('json'), auditContext(c)), 201))
  .openapi(getInterviewRoute, async (c) =>
    c.json(await getInterview(c.get('database').db, c.get('user'), uuidParam(c.req.valid('param').id, ATS_MESSAGES.interviewNotFound)), 200),
  )
  .openapi(feedbackRoute, async (c) => {
    const id = uuidParam(c.req.valid('param').id, ATS_MESSAGES.interviewNotFound);
    return c.json(await submitFeedback(c.get('database').db, c.get('user'), id, c.req.valid('json'), auditContext(c)), 200);
  });
