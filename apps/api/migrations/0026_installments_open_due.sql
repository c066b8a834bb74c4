-- Issue 29 (bench/receivables.bench.ts): 'Cobranças' asks for a unit's overdue instalments (open
-- ones whose due date has passed; 'vencida' is derived, never stored) and for a week of them. With
-- 1.68 M instalments the index on (due_date, status) read every past row, paid ones included:
-- 998 ms for one unit's overdue list. Open instalments, in due-date order, are a small part.
CREATE INDEX installments_open_due_idx ON installments (due_date, id)
  WHERE status IN ('agendada', 'solicitada', 'falhou');
