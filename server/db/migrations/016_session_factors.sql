-- What a login proved beyond the access code, kept with its session so refreshed tokens carry it:
-- a session is good only for the projects whose login asks no more (server/rules/access.ts
-- loginMeets). Sessions started before this column existed proved nothing more, as far as is known.
alter table sessions add column password_proven boolean not null default false;
alter table sessions add column passcode_proven boolean not null default false;
