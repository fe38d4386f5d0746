import {
  APPLICATION_FIELDS,
  APPLICATION_MESSAGES,
  type ScreeningQuestion,
} from '@jobboard/contract/applications';
import { ApiError } from '@jobboard/shared-ui';
import { FORM_ERROR } from 'final-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  applicationFormData,
  initialValues,
  submissionErrors,
  validateApplication,
} from '../lib/application-form';
import { clearDraft, loadDraft, saveDraft } from '../lib/draft';

const QUESTIONS: ScreeningQuestion[] = [
  { id: 'q1', kind: 'text', label: 'Why us?', required: true, choices: [] },
  { id: 'q2', kind: 'yesNo', label: 'Licensed?', required: false, choices: [] },
];

const refusal = (status: number, body: unknown) =>
  new ApiError(status, JSON.stringify(body), 'Refused');

describe('what a failed send shows', () => {
  it("puts each field's message beside it, whether the answer names them errors or fields", () => {
    for (const key of ['errors', 'fields']) {
      const error = refusal(400, {
        message: 'Please check your application',
        [key]: { email: 'Please enter a valid email address', 'answers.q1': 'Too long' },
      });
      expect(submissionErrors(error, QUESTIONS)).toEqual({
        email: 'Please enter a valid email address',
        answers: { q1: 'Too long' },
      });
    }
  });

  it("says the server's message for the whole form when no field it names is on the form", () => {
    const error = refusal(400, {
      message: 'Refused',
      fields: { answersq9: 'x', 'answers.q9': 'y' },
    });
    expect(submissionErrors(error, QUESTIONS)).toEqual({ [FORM_ERROR]: 'Refused' });
    expect(
      submissionErrors(refusal(409, { message: APPLICATION_MESSAGES.closed }), QUESTIONS),
    ).toEqual({ [FORM_ERROR]: APPLICATION_MESSAGES.closed });
  });

  it('says it could not be sent when the answer is no message, or there was no answer', () => {
    const failed = { [FORM_ERROR]: APPLICATION_MESSAGES.failed };
    expect(submissionErrors(new ApiError(502, '<html>', 'Bad Gateway'), QUESTIONS)).toEqual(failed);
    expect(submissionErrors(new TypeError('Failed to fetch'), QUESTIONS)).toEqual(failed);
  });
});

describe('the form before it is sent', () => {
  it("checks by the contract's rules, an answer's message under its question", () => {
    const errors = validateApplication(
      { ...initialValues(null, null), name: 'Ada', email: 'ada@x.org', coverNote: 'Hello' },
      QUESTIONS,
    );
    expect(errors).toEqual({
      answers: { q1: APPLICATION_MESSAGES.answer },
      resume: APPLICATION_MESSAGES.resume,
    });
  });

  it('sends only the answers of the questions asked, and every text field even when empty', () => {
    const form = applicationFormData(
      {
        ...initialValues(null, null),
        name: 'Ada',
        answers: { q1: 'Because', q7: 'planted' },
      },
      QUESTIONS,
    );
    expect([...form.keys()]).toEqual([...APPLICATION_FIELDS, 'answers.q1', 'answers.q2']);
    expect(form.get('answers.q1')).toBe('Because');
    expect(form.get('answers.q2')).toBe('');
  });
});

describe("a job's draft", () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => vi.restoreAllMocks());

  it('keeps the text, never the file, per job, until cleared', () => {
    saveDraft('4', {
      ...initialValues(null, null),
      name: 'Ada',
      answers: { q1: 'Yes' },
      resume: new File(['x'], 'cv.pdf'),
    } as never);
    expect(loadDraft('4')).toEqual({
      name: 'Ada',
      email: '',
      phone: '',
      links: '',
      coverNote: '',
      answers: { q1: 'Yes' },
    });
    expect(localStorage.getItem('job_board_application:4')).not.toContain('cv.pdf');
    expect(loadDraft('5')).toBeNull();
    clearDraft('4');
    expect(loadDraft('4')).toBeNull();
  });

  it('reads a damaged draft as none, and a blocked storage as no draft', () => {
    localStorage.setItem('job_board_application:4', '{not json');
    expect(loadDraft('4')).toBeNull();
    localStorage.setItem('job_board_application:4', JSON.stringify({ name: 3, answers: ['x'] }));
    expect(loadDraft('4')).toMatchObject({ name: '' });
    expect(loadDraft('4')!.answers).toEqual({});
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveDraft('6', { name: 'Ada' })).not.toThrow();
  });
});
