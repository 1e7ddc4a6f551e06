import { z } from 'zod';
import { isoDateTime } from './dates';
import { EMPLOYMENT_TYPE_LABELS, EMPLOYMENT_TYPES } from './hrms';
import { entityFilter, isoDate, moduleTextRules, versionField } from './modules';
import { cursorParam, MAX_PAGE_SIZE } from './pagination';
import { multilineText, nameText, optionalNameText, optionalPlainText, plainText, uuid } from './text';

export const JOB_STATUSES = ['draft', 'open', 'on_hold', 'closed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = { draft: 'Draft', open: 'Open', on_hold: 'On Hold', closed: 'Closed' };

/** A job's employment type is an employee's (HRMS): a hire carries it over. */
export const JOB_EMPLOYMENT_TYPES = EMPLOYMENT_TYPES;
export const JOB_EMPLOYMENT_TYPE_LABELS = EMPLOYMENT_TYPE_LABELS;

/** The pipeline, in board order: the spec's stages (Review … Final Round) plus its two ends each side. */
export const STAGES = ['applied', 'review', 'phone_screen', 'technical_test', 'interview', 'final_round', 'offer', 'hired', 'rejected'] as const;
export type Stage = (typeof STAGES)[number];
export const STAGE_LABELS: Record<Stage, string> = {
  applied: 'Applied',
  review: 'Review',
  phone_screen: 'Phone Screen',
  technical_test: 'Technical Test',
  interview: 'Interview',
  final_round: 'Final Round',
  offer: 'Offer',
  hired: 'Hired',
  rejected: 'Rejected',
};
/** Stages of an application still in the pipeline (the dashboard's "in pipeline"). */
export const ACTIVE_STAGES = STAGES.filter((s) => s !== 'hired' && s !== 'rejected');

export const CANDIDATE_SOURCES = ['LinkedIn', 'Referral', 'Company Website', 'Job Board', 'Agency', 'Other'] as const;

/** Résumés: PDF only, at most this many bytes. */
export const MAX_RESUME_BYTES = 5 * 1024 * 1024;

export const ATS_MESSAGES = {
  titleRequired: 'Job title is required',
  openingsInvalid: 'Openings must be a whole number from 1 to 1000.',
  employmentTypeRequired: 'Choose an employment type',
  statusRequired: 'Choose a status',
  hiringManagerInvalid: 'The hiring manager must be a user with ATS access in this entity.',
  jobNotFound: 'Job not found',
  jobCreated: 'Job created successfully',
  jobUpdated: 'Job updated successfully',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Please enter a valid email',
  candidateEmailTaken: 'A candidate with this email already exists in this entity.',
  candidateNotFound: 'Candidate not found',
  candidateCreated: 'Candidate added successfully',
  candidateUpdated: 'Candidate updated successfully',
  resumeNotPdf: 'The résumé must be a PDF file.',
  resumeTooLarge: 'The résumé must be at most 5 MB.',
  resumeEmpty: 'The résumé file is empty.',
  resumeNotFound: 'This candidate has no résumé.',
  resumeUploaded: 'Résumé uploaded',
  applicationNotFound: 'Application not found',
  alreadyApplied: 'This candidate has already applied to this job.',
  jobNotOpen: 'Candidates can apply only to an Open job.',
  applicationCreated: 'Application added',
  differentEntity: 'The candidate and the job must be in the same entity.',
  rejectionReasonRequired: 'Give a reason for the rejection.',
  positionInvalid: 'The card to place this one after must be in the same column of the same job.',
  hireNeedsHrms: 'This entity does not have HRMS, so no employee record can be created.',
  hireNeedsHrmsRole: 'You need Member or App Admin access to HRMS in this entity to create an employee record.',
  alreadyEmployee: 'An employee record was already created for this application.',
  hireOnlyOnHired: 'An employee record can be created only when moving to Hired.',
  startDateRequired: 'Start date is required (YYYY-MM-DD)',
  interviewNotFound: 'Interview not found',
  startsAtRequired: 'Choose a date and time',
  durationInvalid: 'Duration must be from 15 to 480 minutes.',
  interviewersRequired: 'Choose at least one interviewer.',
  interviewerInvalid: 'Each interviewer must be a user with ATS access in this entity.',
  interviewClosed: 'Interviews cannot be scheduled on a hired or rejected application.',
  interviewScheduled: 'Interview scheduled',
  ratingInvalid: 'Rating must be a whole number from 1 to 5.',
  notInterviewer: 'Only an interviewer of this interview can submit feedback.',
  feedbackSubmitted: 'Feedback submitted',
  feedbackAlreadySubmitted: 'You have already submitted feedback for this interview.',
  interviewUpdated: 'Interview updated',
  interviewCancelled: 'Interview cancelled',
  interviewIsCancelled: 'This interview was cancelled, so it can no longer be changed.',
  reviewedInterviewerStays: 'An interviewer who has submitted feedback stays on the panel.',
} as const;

const name = (message: string) => nameText({ required: message, ...moduleTextRules(100) });
const label = (max = 100) => optionalNameText(moduleTextRules(max));
const longText = (max: number) => optionalPlainText(moduleTextRules(max));
/** What a form shows as a text box (description, notes, a rejection reason): line breaks kept. */
const multiline = (max: number) => multilineText(moduleTextRules(max));
const email = plainText({ required: ATS_MESSAGES.emailRequired, max: 254, maxMessage: ATS_MESSAGES.invalidEmail, invalid: ATS_MESSAGES.invalidEmail })
  .toLowerCase()
  .pipe(z.email({ error: ATS_MESSAGES.invalidEmail }));
const openings = z.number({ error: ATS_MESSAGES.openingsInvalid }).int(ATS_MESSAGES.openingsInvalid).min(1, ATS_MESSAGES.openingsInvalid).max(1000, ATS_MESSAGES.openingsInvalid);

const limit = (fallback: number) =>
  z.coerce
    .number({ error: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}` })
    .int(`limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .min(1, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .max(MAX_PAGE_SIZE, `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`)
    .default(fallback);

// ---- Jobs ------------------------------------------------------------------------------------

const jobFields = {
  title: name(ATS_MESSAGES.titleRequired),
  department: label().default(''),
  location: label().default(''),
  employmentType: z.enum(JOB_EMPLOYMENT_TYPES, { error: ATS_MESSAGES.employmentTypeRequired }),
  openings: openings.default(1),
  hiringManagerId: uuid(ATS_MESSAGES.hiringManagerInvalid).nullable().default(null),
  description: multiline(10_000).default(''),
  status: z.enum(JOB_STATUSES, { error: ATS_MESSAGES.statusRequired }).default('draft'),
};

export const jobCreateInput = z.object({ entityId: uuid('Choose an entity'), ...jobFields }).strict();
export type JobCreateInput = z.input<typeof jobCreateInput>;

export const jobUpdateInput = z
  .object({
    title: jobFields.title.optional(),
    department: label().optional(),
    location: label().optional(),
    employmentType: jobFields.employmentType.optional(),
    openings: openings.optional(),
    hiringManagerId: uuid(ATS_MESSAGES.hiringManagerInvalid).nullable().optional(),
    description: multiline(10_000).optional(),
    status: z.enum(JOB_STATUSES, { error: ATS_MESSAGES.statusRequired }).optional(),
    version: versionField,
  })
  .strict();
export type JobUpdateInput = z.input<typeof jobUpdateInput>;

export const job = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  entityName: z.string(),
  title: z.string(),
  department: z.string(),
  location: z.string(),
  employmentType: z.enum(JOB_EMPLOYMENT_TYPES),
  openings: z.number().int(),
  hiringManagerId: z.uuid().nullable(),
  hiringManagerName: z.string().nullable(),
  description: z.string(),
  status: z.enum(JOB_STATUSES),
  /** Applications still in the pipeline (not Hired or Rejected). */
  activeApplications: z.number().int(),
  hired: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Job = z.infer<typeof job>;

export const JOB_SORTS = ['createdAt', 'title'] as const;
export const jobFilters = entityFilter.extend({
  q: longText(100).optional(),
  status: z.enum(JOB_STATUSES).optional(),
  sort: z.enum(JOB_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export const jobListQuery = jobFilters.extend({ limit: limit(25), cursor: cursorParam(2000).optional() });
export type JobListQuery = z.infer<typeof jobListQuery>;
export const jobPage = z.object({ items: z.array(job), nextCursor: z.string().nullable() });
export type JobPage = z.infer<typeof jobPage>;

/** Users who may be a hiring manager or an interviewer at an entity: those with ATS there. */
export const atsUserOptions = z.object({ items: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })) });
export type AtsUserOption = z.infer<typeof atsUserOptions>['items'][number];

// ---- Candidates ------------------------------------------------------------------------------

const candidateFields = {
  firstName: name(ATS_MESSAGES.firstNameRequired),
  lastName: name(ATS_MESSAGES.lastNameRequired),
  email,
  phone: longText(40).default(''),
  source: label(60).default(''),
};

export const candidateCreateInput = z
  .object({
    entityId: uuid('Choose an entity'),
    ...candidateFields,
    /** Apply to this job at once (a job of the same entity). */
    jobId: uuid(ATS_MESSAGES.jobNotFound).optional(),
  })
  .strict();
export type CandidateCreateInput = z.input<typeof candidateCreateInput>;

export const candidateUpdateInput = z
  .object({
    firstName: candidateFields.firstName.optional(),
    lastName: candidateFields.lastName.optional(),
    email: email.optional(),
    phone: longText(40).optional(),
    source: label(60).optional(),
    version: versionField,
  })
  .strict();
export type CandidateUpdateInput = z.input<typeof candidateUpdateInput>;

export const resumeInfo = z.object({ fileName: z.string(), size: z.number().int(), uploadedAt: z.string() });

export const candidate = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  entityName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  source: z.string(),
  resume: resumeInfo.nullable(),
  /** The furthest-along active application's stage, or the latest one's. */
  applications: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Candidate = z.infer<typeof candidate>;

export const CANDIDATE_SORTS = ['createdAt', 'name'] as const;
export const candidateFilters = entityFilter.extend({
  q: longText(100).optional(),
  sort: z.enum(CANDIDATE_SORTS).default('createdAt'),
  dir: z.enum(['asc', 'desc']).default('desc'),
});
export const candidateListQuery = candidateFilters.extend({ limit: limit(25), cursor: cursorParam(2000).optional() });
export type CandidateListQuery = z.infer<typeof candidateListQuery>;
export const candidatePage = z.object({ items: z.array(candidate), nextCursor: z.string().nullable() });
export type CandidatePage = z.infer<typeof candidatePage>;

/** The import file's columns, in the export's order. */
export const CANDIDATE_CSV_COLUMNS = ['First Name', 'Last Name', 'Email', 'Phone', 'Source'] as const;

// ---- Applications and the board --------------------------------------------------------------

export const stageChange = z.object({
  id: z.uuid(),
  fromStage: z.enum(STAGES).nullable(),
  toStage: z.enum(STAGES),
  reason: z.string(),
  changedByName: z.string().nullable(),
  changedAt: z.string(),
});
export type StageChange = z.infer<typeof stageChange>;

export const application = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  jobId: z.uuid(),
  jobTitle: z.string(),
  candidateId: z.uuid(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  stage: z.enum(STAGES),
  rejectionReason: z.string(),
  employeeId: z.uuid().nullable(),
  appliedAt: z.string(),
  stageChangedAt: z.string(),
  version: z.number().int(),
});
export type Application = z.infer<typeof application>;

export const applicationDetail = application.extend({ history: z.array(stageChange) });
export type ApplicationDetail = z.infer<typeof applicationDetail>;

export const applicationCreateInput = z
  .object({ candidateId: uuid(ATS_MESSAGES.candidateNotFound), jobId: uuid(ATS_MESSAGES.jobNotFound) })
  .strict();

/** Create the HRMS employee with the move to Hired (one transaction). */
export const hireEmployeeInput = z.object({ startDate: isoDate(ATS_MESSAGES.startDateRequired) }).strict();

export const moveInput = z
  .object({
    stage: z.enum(STAGES, { error: 'Choose a stage' }),
    /** Place the card after this one in the target column; null or absent: at the top. */
    afterId: uuid(ATS_MESSAGES.positionInvalid).nullable().optional(),
    /** Required when moving to Rejected. */
    reason: multiline(500).optional(),
    createEmployee: hireEmployeeInput.optional(),
    version: versionField,
  })
  .strict()
  .refine((v) => v.stage !== 'rejected' || (v.reason ?? '').length > 0, { message: ATS_MESSAGES.rejectionReasonRequired, path: ['reason'] })
  .refine((v) => v.createEmployee === undefined || v.stage === 'hired', { message: ATS_MESSAGES.hireOnlyOnHired, path: ['createEmployee'] });
export type MoveInput = z.input<typeof moveInput>;

export const boardCard = z.object({
  id: z.uuid(),
  candidateId: z.uuid(),
  candidateName: z.string(),
  candidateEmail: z.string(),
  stage: z.enum(STAGES),
  appliedAt: z.string(),
  rejectionReason: z.string(),
  employeeId: z.uuid().nullable(),
  version: z.number().int(),
});
export type BoardCard = z.infer<typeof boardCard>;
export const boardColumn = z.object({ stage: z.enum(STAGES), total: z.number().int(), items: z.array(boardCard), nextCursor: z.string().nullable() });
export type BoardColumn = z.infer<typeof boardColumn>;

export const board = z.object({
  job: job,
  /** Whether the job's entity holds HRMS (the Hired dialog offers "Create employee record"). */
  hrmsAvailable: z.boolean(),
  columns: z.array(boardColumn),
});
export type Board = z.infer<typeof board>;

export const boardQuery = z.object({ limit: limit(20) });
export const columnQuery = z.object({ limit: limit(20), cursor: cursorParam(2000).optional() });

export const applicationListQuery = entityFilter.extend({
  candidateId: uuid().optional(),
  jobId: uuid().optional(),
  stage: z.enum(STAGES).optional(),
  limit: limit(50),
  cursor: cursorParam(2000).optional(),
});
export const applicationPage = z.object({ items: z.array(application), nextCursor: z.string().nullable() });

// ---- Interviews ------------------------------------------------------------------------------

const interviewFields = {
  startsAt: isoDateTime(ATS_MESSAGES.startsAtRequired),
  durationMinutes: z.number({ error: ATS_MESSAGES.durationInvalid }).int(ATS_MESSAGES.durationInvalid).min(15, ATS_MESSAGES.durationInvalid).max(480, ATS_MESSAGES.durationInvalid),
  interviewerIds: z.array(uuid(ATS_MESSAGES.interviewerInvalid)).min(1, ATS_MESSAGES.interviewersRequired).max(10),
  location: longText(300),
  /** "Email the candidate": the candidate gets the invitation, its changes and its cancellation, with the calendar file. */
  emailCandidate: z.boolean({ error: 'emailCandidate must be true or false' }),
};

export const interviewCreateInput = z
  .object({
    applicationId: uuid(ATS_MESSAGES.applicationNotFound),
    ...interviewFields,
    location: interviewFields.location.default(''),
    emailCandidate: interviewFields.emailCandidate.default(false),
  })
  .strict();
export type InterviewCreateInput = z.input<typeof interviewCreateInput>;

/** Move an interview (time, duration, place) or change its panel: the fields sent change, with the version read. */
export const interviewUpdateInput = z
  .object({
    startsAt: interviewFields.startsAt.optional(),
    durationMinutes: interviewFields.durationMinutes.optional(),
    interviewerIds: interviewFields.interviewerIds.optional(),
    location: interviewFields.location.optional(),
    emailCandidate: interviewFields.emailCandidate.optional(),
    version: versionField,
  })
  .strict();
export type InterviewUpdateInput = z.input<typeof interviewUpdateInput>;

/** "45 min", "1 h 30 min", "2 h": an interview's length in whole hours and minutes (the web app and the emails). */
export function formatDuration(minutes: number) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${rest} min`;
}

/** Cancel an interview, with the version read: the panel (and the candidate, when emailed) get the cancellation. */
export const interviewCancelInput = z.object({ version: versionField }).strict();

export const feedbackInput = z
  .object({
    rating: z.number({ error: ATS_MESSAGES.ratingInvalid }).int(ATS_MESSAGES.ratingInvalid).min(1, ATS_MESSAGES.ratingInvalid).max(5, ATS_MESSAGES.ratingInvalid),
    notes: multiline(5000).default(''),
  })
  .strict();

export const interviewer = z.object({
  userId: z.uuid(),
  name: z.string(),
  submitted: z.boolean(),
  /** Present only when the caller may see it (see the feedback rule). */
  rating: z.number().int().nullable(),
  notes: z.string().nullable(),
  submittedAt: z.string().nullable(),
});

export const interview = z.object({
  id: z.uuid(),
  entityId: z.uuid(),
  applicationId: z.uuid(),
  candidateId: z.uuid(),
  candidateName: z.string(),
  jobId: z.uuid(),
  jobTitle: z.string(),
  stage: z.enum(STAGES),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  location: z.string(),
  emailCandidate: z.boolean(),
  /** When it was cancelled; a cancelled interview is kept (with its feedback) but no longer changes. */
  cancelledAt: z.string().nullable(),
  interviewers: z.array(interviewer),
  /** The caller is on the panel and has not submitted yet. */
  awaitingMyFeedback: z.boolean(),
  version: z.number().int(),
});
export type Interview = z.infer<typeof interview>;

export const interviewListQuery = entityFilter.extend({
  applicationId: uuid().optional(),
  /** upcoming: from now on, soonest first; past: before now, latest first. */
  when: z.enum(['upcoming', 'past']).default('upcoming'),
  mine: z.enum(['true', 'false']).optional(),
  limit: limit(25),
  cursor: cursorParam(2000).optional(),
});
export type InterviewListQuery = z.infer<typeof interviewListQuery>;
export const interviewPage = z.object({ items: z.array(interview), nextCursor: z.string().nullable() });

// ---- Dashboard -------------------------------------------------------------------------------

export const atsDashboard = z.object({
  openJobs: z.number().int(),
  inPipeline: z.number().int(),
  interviewsThisWeek: z.number().int(),
  /** Median days from application to hire, hires of the last 90 days; null without any. */
  medianDaysToHire: z.number().nullable(),
  byStage: z.array(z.object({ stage: z.enum(STAGES), candidates: z.number().int() })),
  upcomingInterviews: z.array(interview),
});
export type AtsDashboard = z.infer<typeof atsDashboard>;
