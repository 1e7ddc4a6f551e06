import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Application,
  ApplicationDetail,
  AtsDashboard,
  AtsUserOption,
  Board,
  BoardColumn,
  Candidate,
  CandidateCreateInput,
  CandidatePage,
  CandidateUpdateInput,
  Interview,
  InterviewCreateInput,
  Job,
  JobCreateInput,
  JobPage,
  JobUpdateInput,
  MoveInput,
  Stage,
} from '@/shared/ats';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';

type Query = Record<string, string | number | undefined>;

export const atsKeys = { all: ['ats'] as const };

export const jobsQuery = (query: Query) =>
  queryOptions({ queryKey: ['ats', 'jobs', query], queryFn: () => api.get<JobPage>('/ats/jobs', null, query), placeholderData: keepPreviousData });
export const jobQuery = (id: string) => queryOptions({ queryKey: ['ats', 'job', id], queryFn: () => api.get<Job>(`/ats/jobs/${id}`) });
export const boardQuery = (jobId: string) =>
  queryOptions({ queryKey: ['ats', 'board', jobId], queryFn: () => api.get<Board>(`/ats/jobs/${jobId}/board`, null, { limit: 20 }) });
export const fetchColumnPage = (jobId: string, stage: Stage, cursor: string) =>
  api.get<BoardColumn>(`/ats/jobs/${jobId}/board-column`, null, { stage, cursor, limit: 20 });

export const candidatesQuery = (query: Query) =>
  queryOptions({ queryKey: ['ats', 'candidates', query], queryFn: () => api.get<CandidatePage>('/ats/candidates', null, query), placeholderData: keepPreviousData });
export const candidateQuery = (id: string) => queryOptions({ queryKey: ['ats', 'candidate', id], queryFn: () => api.get<Candidate>(`/ats/candidates/${id}`) });
export const applicationsQuery = (query: Query) =>
  queryOptions({ queryKey: ['ats', 'applications', query], queryFn: () => api.get<Page<Application>>('/ats/applications', null, query) });
export const applicationQuery = (id: string) =>
  queryOptions({ queryKey: ['ats', 'application', id], queryFn: () => api.get<ApplicationDetail>(`/ats/applications/${id}`) });

export const interviewsQuery = (query: Query) =>
  queryOptions({ queryKey: ['ats', 'interviews', query], queryFn: () => api.get<Page<Interview>>('/ats/interviews', null, query), placeholderData: keepPreviousData });

export const dashboardQuery = (entityId?: string) =>
  queryOptions({ queryKey: ['ats', 'dashboard', entityId ?? 'all'], queryFn: () => api.get<AtsDashboard>('/ats/dashboard', null, { entityId }) });

export const userOptionsQuery = (entityId: string) =>
  queryOptions({ queryKey: ['ats', 'user-options', entityId], queryFn: () => api.get<{ items: AtsUserOption[] }>('/ats/user-options', null, { entityId }) });

/** Every ATS mutation refreshes every ATS query (counts, boards and dashboards depend on each other), and HRMS's after a hire. */
function useAtsMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => qc.invalidateQueries({ queryKey: atsKeys.all }) });
}

export const useCreateJob = () => useAtsMutation((input: JobCreateInput) => api.post<Job>('/ats/jobs', null, input));
export const useUpdateJob = () => useAtsMutation(({ id, ...input }: JobUpdateInput & { id: string }) => api.patch<Job>(`/ats/jobs/${id}`, null, input));
export const useCreateCandidate = () => useAtsMutation((input: CandidateCreateInput) => api.post<Candidate>('/ats/candidates', null, input));
export const useUpdateCandidate = () =>
  useAtsMutation(({ id, ...input }: CandidateUpdateInput & { id: string }) => api.patch<Candidate>(`/ats/candidates/${id}`, null, input));
export const useUploadResume = () =>
  useAtsMutation(({ id, file }: { id: string; file: File }) =>
    api.upload<Candidate>(`/ats/candidates/${id}/resume`, file, file.type || 'application/octet-stream', { fileName: file.name }),
  );
export const useApply = () => useAtsMutation((input: { candidateId: string; jobId: string }) => api.post<Application>('/ats/applications', null, input));
export const useScheduleInterview = () => useAtsMutation((input: InterviewCreateInput) => api.post<Interview>('/ats/interviews', null, input));
export const useSubmitFeedback = () =>
  useAtsMutation(({ id, ...input }: { id: string; rating: number; notes: string }) => api.post<Interview>(`/ats/interviews/${id}/feedback`, null, input));

/** A move without the automatic refresh: the board applies it optimistically and settles itself. */
export const moveApplication = ({ id, ...input }: MoveInput & { id: string }) => api.post<ApplicationDetail>(`/ats/applications/${id}/move`, null, input);
