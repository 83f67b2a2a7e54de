-- Projects created in the admin area before their creation kept a first configuration revision
-- have none, so no draft could be opened from them: their configuration in service becomes that
-- revision, as 012 did for the projects there were then.
insert into config_revisions (project_id, revision, config, mode, published_at)
  select p.id, p.revision, p.config, 'initial', p.created_at from projects p
  where not exists (select 1 from config_revisions r where r.project_id = p.id);
