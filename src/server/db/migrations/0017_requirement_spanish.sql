ALTER TABLE "clearance_requirement" ADD COLUMN "name_es" text;--> statement-breakpoint
ALTER TABLE "clearance_requirement" ADD COLUMN "description_es" text;--> statement-breakpoint
-- The three requirements migration 0014 seeded, in Spanish (docs/i18n/terminology.md), unless an admin changed them.
UPDATE "clearance_requirement" SET "name_es" = CASE "name"
  WHEN 'Confidentiality agreement' THEN 'Acuerdo de confidencialidad'
  WHEN 'Background check' THEN 'Verificación de antecedentes'
  WHEN 'Respite care training' THEN 'Capacitación en cuidado de relevo'
END WHERE "name_es" IS NULL;--> statement-breakpoint
UPDATE "clearance_requirement" SET "description_es" = CASE "description"
  WHEN 'I will keep what I learn about this family and its children within the team: no names, photos, schools or case details shared with anyone, online or off.'
    THEN 'Guardaré dentro del equipo lo que sepa de esta familia y de sus niños: no compartiré con nadie nombres, fotos, escuelas ni detalles del caso, ni en internet ni fuera de él.'
  WHEN 'A criminal background check through the church or an approved agency. The site records only its status and dates.'
    THEN 'Una verificación de antecedentes penales por medio de la iglesia o de una agencia aprobada. El sitio registra solo su estado y sus fechas.'
  WHEN 'The respite caregiver training of your state or your church''s foster-care ministry.'
    THEN 'La capacitación para cuidadores de relevo de su estado o del ministerio de cuidado de crianza de su iglesia.'
END WHERE "description_es" IS NULL;
