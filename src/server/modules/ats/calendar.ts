import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { PRODUCT_NAME } from '@/shared/brand';
import type { CalendarPart } from '../../mail/outbox';

/*
 * An interview's calendar file (iCalendar, RFC 5545/5546), as Outlook and Google Calendar expect
 * an invitation: one UID per interview for its whole life, so each message updates the same
 * calendar entry; a SEQUENCE raised by every change (ats_interviews.sequence), so an older message
 * arriving late never overwrites a newer one; METHOD:REQUEST to place or move it, METHOD:CANCEL
 * (STATUS:CANCELLED) to take it off.
 */

export interface Person {
  name: string;
  email: string;
}

export interface InterviewEvent {
  interviewId: string;
  sequence: number;
  startsAt: string;
  durationMinutes: number;
  location: string;
  /** "Interview: Ada Lovelace for Senior Engineer". */
  summary: string;
  /** The scheduler. */
  organizer: Person;
  /** Who the message is about: the panel (and the candidate when emailed), or the people taken off it. */
  attendees: Person[];
}

/** The UID of an interview's calendar entry: the same in every message about it. */
export const interviewUid = (interviewId: string) => `${interviewId}@worksphere`;

export function interviewCalendar(event: InterviewEvent, method: CalendarPart['method']): CalendarPart {
  const start = new Date(event.startsAt);
  const calendar = ical({
    prodId: { company: PRODUCT_NAME, product: 'ATS', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: interviewUid(event.interviewId),
    sequence: event.sequence,
    start,
    end: new Date(start.getTime() + event.durationMinutes * 60_000),
    summary: event.summary,
    location: event.location || null,
    organizer: event.organizer,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    attendees: event.attendees.map((a) => ({
      name: a.name,
      email: a.email,
      role: ICalAttendeeRole.REQ,
      status: ICalAttendeeStatus.NEEDSACTION,
      rsvp: method === 'REQUEST',
    })),
  });
  return { method, content: calendar.toString() };
}

/** An instant as words in every message ("Tue, 3 Mar 2026, 10:00 UTC"): people have no time zone of their own yet; the calendar file shows local time. */
export function whenText(startsAt: string): string {
  const words = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'UTC',
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(startsAt));
  return `${words} UTC`;
}
