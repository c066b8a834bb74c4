-- Issue 29, the job queue (docs/decisions/0043-job-queue.md): 'vencida' stays derived from the due
-- date on read (statusOnDay); the daily 'mark overdue' job records the moment once per instalment
-- in the audit trail and notes the São Paulo day it did here, so a second run or a second process
-- records nothing (the conditional UPDATE takes the row, the other finds it noted).
ALTER TABLE installments ADD COLUMN overdue_noted_on date;
CREATE INDEX installments_overdue_unnoted_idx ON installments (due_date)
  WHERE overdue_noted_on IS NULL AND status IN ('agendada', 'solicitada', 'falhou');
