import { z } from '@hono/zod-openapi';
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
  interviewCancelInput,
  interviewCreateInput,
  interviewListQuery,
  interviewPage,
  interviewUpdateInput,
  job,
  jobCreateInput,
  jobFilters,
  jobListQuery,
  jobPage,
  jobUpdateInput,
  moveInput,
  type Stage,
} from '@/shared/ats';
import { HRMS_MESSAGES } from '@/shared/hrms';
import { entityFilter, moduleContext, MODULE_MESSAGES } from '@/shared/modules';
import { optionalPlainText } from '@/shared/text';
import { auditContext } from '../../audit/context';
import { badRequest } from '../../http/errors';
import { idParams } from '../../http/params';
import { defineRoute, errorContent, jsonContent } from '../../http/route';
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
import {
  cancelInterview,
  getInterview,
  INTERVIEW_EXPORT_COLUMNS,
  interviewCsvPages,
  listInterviews,
  scheduleInterview,
  submitFeedback,
  updateInterview,
} from './interviews';
import { atsUsers, createJob, getJob, JOB_EXPORT_COLUMNS, jobCsvPages, listJobs, updateJob } from './jobs';
import { ats } from './module';

/** What applying a candidate to a job may answer (insertApplication): the job must be Open and of the candidate's entity. */
const applyErrors = { 400: errorContent(ATS_MESSAGES.jobNotOpen, ATS_MESSAGES.differentEntity), 404: errorContent(ATS_MESSAGES.jobNotFound, ATS_MESSAGES.candidateNotFound) };

const resumeQuery = z.object({ fileName: optionalPlainText({ max: 200 }).optional() });

/**
 * A résumé upload: the PDF itself as the body (platform/files.ts: UPLOAD_PATHS gives this path
 * the upload body limit), not JSON, so it is a route of its own rather than a record action.
 */
const uploadResumeRoute = defineRoute('user', {
  method: 'put',
  path: '/ats/candidates/{id}/resume',
  tags: ats.tags,
  summary: "Upload or replace a candidate's résumé: the PDF itself as the body (Content-Type: application/pdf), at most 5 MB",
  description:
    'The body must be a PDF both by its Content-Type and by its first bytes (`%PDF-`): a file of another kind renamed to .pdf is refused. The file is stored in the database. `fileName` is the name to download it under.',
  request: {
    params: idParams,
    query: resumeQuery,
    body: { content: { 'application/pdf': { schema: z.string().meta({ format: 'binary', description: 'The PDF file' }) } }, required: true },
  },
  responses: {
    200: jsonContent(candidate),
    ...ats.errors.merged({
      400: errorContent(ATS_MESSAGES.resumeNotPdf, ATS_MESSAGES.resumeEmpty),
      404: errorContent(ATS_MESSAGES.candidateNotFound),
      413: errorContent(ATS_MESSAGES.resumeTooLarge),
    }),
  },
});

const downloadResumeRoute = defineRoute('user', {
  method: 'get',
  path: '/ats/candidates/{id}/resume',
  tags: ats.tags,
  summary: "Download a candidate's résumé (as an attachment; streamed)",
  request: { params: idParams },
  responses: {
    200: { content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } }, description: 'The PDF, with Content-Disposition: attachment' },
    ...ats.errors.merged({ 404: errorContent(ATS_MESSAGES.candidateNotFound, ATS_MESSAGES.resumeNotFound) }),
  },
});

export const atsRoutes = ats
  .routes()
  .context(moduleContext, 'ATS: the entities where the caller holds ATS, with their role')
  .get('/dashboard', 'ATS dashboard: open jobs, pipeline by stage, interviews this week, median days to hire (last 90 days)', entityFilter, atsDashboard, (db, user, query) =>
    dashboard(db, user, query.entityId),
  )
  .get(
    '/user-options',
    'Users with ATS access at an entity: who may be a hiring manager or an interviewer',
    z.object({ entityId: z.uuid({ error: MODULE_MESSAGES.entityNotFound }) }),
    atsUserOptions,
    (db, user, query) => atsUsers(db, user, query.entityId),
  )
  .records('jobs', {
    noun: 'job',
    notFound: ATS_MESSAGES.jobNotFound,
    list: { summary: 'Jobs: keyset pages, newest first or by title, search and status filter', query: jobListQuery, page: jobPage, run: listJobs },
    export: { filters: jobFilters, columns: JOB_EXPORT_COLUMNS, run: jobCsvPages },
    create: {
      summary: 'Post a job (Member or App Admin); Draft unless a status is given',
      body: jobCreateInput,
      response: job,
      errors: { 400: errorContent(ATS_MESSAGES.hiringManagerInvalid) },
      run: createJob,
    },
    get: { response: job, run: getJob },
    update: {
      summary: 'Edit a job or change its status (send the version you read; 409 when it changed since)',
      body: jobUpdateInput,
      response: job,
      errors: { 400: errorContent(ATS_MESSAGES.hiringManagerInvalid) },
      run: updateJob,
    },
    actions: {
      board: {
        method: 'get',
        summary: "A job's board: each stage's count and first page of applications, in board order",
        query: boardQuery,
        response: board,
        run: (db, user, id, query: { limit: number }) => jobBoard(db, user, id, query.limit),
      },
      'board-column': {
        method: 'get',
        summary: "The next page of one column of a job's board",
        query: columnQuery.extend({ stage: z.enum(STAGES, { error: 'Choose a stage' }) }),
        response: boardColumn,
        run: (db, user, id, { stage, ...query }: { stage: Stage; limit: number; cursor?: string }) => boardColumnPage(db, user, id, stage, query),
      },
    },
  })
  .records('candidates', {
    noun: 'candidate',
    notFound: ATS_MESSAGES.candidateNotFound,
    list: { summary: 'Candidates: keyset pages, newest first or by name, search by name or email', query: candidateListQuery, page: candidatePage, run: listCandidates },
    export: { filters: candidateFilters, columns: CANDIDATE_EXPORT_COLUMNS, run: candidateCsvPages },
    import: { columns: CANDIDATE_CSV_COLUMNS, run: importCandidates },
    create: {
      summary: 'Add a candidate (one per email per entity), optionally applying to an Open job at once',
      body: candidateCreateInput,
      response: candidate,
      errors: { ...applyErrors, 409: errorContent(ATS_MESSAGES.candidateEmailTaken, ATS_MESSAGES.alreadyApplied) },
      run: createCandidate,
    },
    get: { response: candidate, run: getCandidate },
    update: { body: candidateUpdateInput, response: candidate, errors: { 409: errorContent(ATS_MESSAGES.candidateEmailTaken) }, run: updateCandidate },
  })
  .route(uploadResumeRoute, async (c) => {
    const id = ats.id(c.req.param('id')!, ATS_MESSAGES.candidateNotFound);
    // Checked twice: the declared type, then the bytes themselves (a renamed file keeps its own first bytes).
    if (mediaType(c.req.header('content-type')) !== 'application/pdf') throw badRequest(ATS_MESSAGES.resumeNotPdf);
    const content = await readUpload(c.req.raw, MAX_RESUME_BYTES, { tooLarge: ATS_MESSAGES.resumeTooLarge, empty: ATS_MESSAGES.resumeEmpty });
    if (!isPdf(content)) throw badRequest(ATS_MESSAGES.resumeNotPdf);
    const query = (c.req as unknown as { valid(target: 'query'): z.output<typeof resumeQuery> }).valid('query');
    const fileName = cleanFileName(query.fileName, 'resume.pdf', '.pdf');
    return c.json(await saveResume(c.get('database').db, c.get('user'), id, { fileName, content }, auditContext(c)), 200);
  })
  .route(downloadResumeRoute, async (c) => {
    const id = ats.id(c.req.param('id')!, ATS_MESSAGES.candidateNotFound);
    const db = c.get('database').db;
    const user = c.get('user');
    const file = await resumeInfo(db, user, id);
    return fileResponse({ fileName: file.fileName, size: file.size, contentType: 'application/pdf' }, (offset, length) => resumeSlice(db, user, file.id, offset, length));
  })
  .records('applications', {
    noun: 'application',
    notFound: ATS_MESSAGES.applicationNotFound,
    list: { summary: 'Applications, newest first, by candidate, job or stage', query: applicationListQuery, page: applicationPage, run: listApplications },
    create: {
      summary: 'A candidate applies to an Open job of their entity (Member or App Admin)',
      body: applicationCreateInput,
      response: applicationDetail.omit({ history: true }),
      errors: { ...applyErrors, 409: errorContent(ATS_MESSAGES.alreadyApplied) },
      run: createApplication,
    },
    get: { summary: 'One application with its stage history (who and when)', response: applicationDetail, run: getApplication },
    actions: {
      move: {
        summary: 'Move an application to a stage and a place in its column; Rejected needs a reason; Hired may create the HRMS employee',
        description:
          '`afterId`: the card to place it after in the target column (absent: at the top). `createEmployee` (only with `stage: hired`) creates the HRMS employee record from the candidate and the job, in the same transaction as the stage change; it needs HRMS at the entity and HRMS Member or App Admin for the caller.',
        body: moveInput,
        response: applicationDetail,
        versioned: true,
        errors: {
          400: errorContent(ATS_MESSAGES.positionInvalid, ATS_MESSAGES.hireNeedsHrms),
          403: errorContent(ATS_MESSAGES.hireNeedsHrmsRole),
          409: errorContent(HRMS_MESSAGES.emailTaken, ATS_MESSAGES.alreadyEmployee),
        },
        run: moveApplication,
      },
    },
  })
  .records('interviews', {
    noun: 'interview',
    notFound: ATS_MESSAGES.interviewNotFound,
    list: {
      summary: 'Interviews: upcoming (soonest first) or past (latest first); `mine=true`: those the caller sits on',
      query: interviewListQuery,
      page: interviewPage,
      run: listInterviews,
    },
    export: { filters: interviewListQuery.omit({ limit: true, cursor: true }), columns: INTERVIEW_EXPORT_COLUMNS, run: interviewCsvPages },
    create: {
      summary: 'Schedule an interview on an application, with interviewers who hold ATS at its entity',
      body: interviewCreateInput,
      response: interview,
      errors: { 400: errorContent(ATS_MESSAGES.interviewClosed, ATS_MESSAGES.interviewerInvalid), 404: errorContent(ATS_MESSAGES.applicationNotFound) },
      run: scheduleInterview,
    },
    get: { summary: "One interview; an interviewer sees the others' feedback only after submitting their own", response: interview, run: getInterview },
    update: {
      summary: 'Move an interview or change its panel (send the version you read); the panel and, when emailed, the candidate get the updated calendar invitation',
      body: interviewUpdateInput,
      response: interview,
      errors: {
        400: errorContent(ATS_MESSAGES.interviewClosed, ATS_MESSAGES.interviewerInvalid, ATS_MESSAGES.reviewedInterviewerStays),
        409: errorContent(ATS_MESSAGES.interviewIsCancelled),
      },
      run: updateInterview,
    },
    actions: {
      cancel: {
        summary: 'Cancel an interview (send the version you read): it stays with its feedback; the panel and, when emailed, the candidate get the calendar cancellation',
        body: interviewCancelInput,
        response: interview,
        versioned: true,
        errors: { 409: errorContent(ATS_MESSAGES.interviewIsCancelled) },
        run: cancelInterview,
      },
      feedback: {
        summary: 'Submit my feedback on an interview I sit on (1–5 and notes), once',
        body: feedbackInput,
        response: interview,
        errors: { 403: errorContent(ATS_MESSAGES.notInterviewer), 409: errorContent(ATS_MESSAGES.feedbackAlreadySubmitted) },
        run: submitFeedback,
      },
    },
  }).app;
