import { queryOptions } from '@tanstack/react-query';
import type * as Ats from '@/shared/ats';
import type { Page } from '@/shared/pagination';
import { api } from '@/web/lib/api';
import { moduleQueries, type ListQuery } from '@/web/lib/record-queries';

const ats = moduleQueries('ats');

export const atsKeys = ats.keys;

export const jobsQuery = ats.list<Ats.JobPage>('jobs', '/ats/jobs');
export const jobQuery = ats.one<Ats.Job>('job', '/ats/jobs');
export const boardQuery = (jobId: string) =>
  queryOptions({ queryKey: ['ats', 'board', jobId], queryFn: () => api.get<Ats.Board>(`/ats/jobs/${jobId}/board`, null, { limit: 20 }) });
export const fetchColumnPage = (jobId: string, stage: Ats.Stage, cursor: string) =>
  api.get<Ats.BoardColumn>(`/ats/jobs/${jobId}/board-column`, null, { stage, cursor, limit: 20 });

export const candidatesQuery = ats.list<Ats.CandidatePage>('candidates', '/ats/candidates');
export const candidateQuery = ats.one<Ats.Candidate>('candidate', '/ats/candidates');
export const applicationsQuery = (query: ListQuery) =>
  queryOptions({ queryKey: ['ats', 'applications', query], queryFn: () => api.get<Page<Ats.Application>>('/ats/applications', null, query) });
export const applicationQuery = ats.one<Ats.ApplicationDetail>('application', '/ats/applications');

export const interviewsQuery = ats.list<Page<Ats.Interview>>('interviews', '/ats/interviews');

export const dashboardQuery = ats.forScope<Ats.AtsDashboard>('dashboard', '/ats/dashboard');

export const userOptionsQuery = ats.options<Ats.AtsUserOption>('user-options', '/ats/user-options');

// Every ATS mutation refreshes every ATS query (counts, boards and dashboards depend on each other), and HRMS's after a hire.
export const useCreateJob = ats.creates<Ats.JobCreateInput, Ats.Job>('/ats/jobs');
export const useUpdateJob = ats.updates<Ats.JobUpdateInput, Ats.Job>('/ats/jobs');
export const useCreateCandidate = ats.creates<Ats.CandidateCreateInput, Ats.Candidate>('/ats/candidates');
export const useUpdateCandidate = ats.updates<Ats.CandidateUpdateInput, Ats.Candidate>('/ats/candidates');
export const useUploadResume = () =>
  ats.useMutation(({ id, file }: { id: string; file: File }) =>
    api.upload<Ats.Candidate>(`/ats/candidates/${id}/resume`, file, file.type || 'application/octet-stream', { fileName: file.name }),
  );
export const useApply = ats.creates<{ candidateId: string; jobId: string }, Ats.Application>('/ats/applications');
export const useScheduleInterview = ats.creates<Ats.InterviewCreateInput, Ats.Interview>('/ats/interviews');
export const useUpdateInterview = ats.updates<Ats.InterviewUpdateInput, Ats.Interview>('/ats/interviews');
export const useCancelInterview = () =>
  ats.useMutation(({ id, version }: { id: string; version: number }) => api.post<Ats.Interview>(`/ats/interviews/${id}/cancel`, null, { version }));
export const useSubmitFeedback = () =>
  ats.useMutation(({ id, ...input }: { id: string; rating: number; notes: string }) => api.post<Ats.Interview>(`/ats/interviews/${id}/feedback`, null, input));

/** A move without the automatic refresh: the board applies it optimistically and settles itself. */
export const moveApplication = ({ id, ...input }: Ats.MoveInput & { id: string }) => api.post<Ats.ApplicationDetail>(`/ats/applications/${id}/move`, null, input);
