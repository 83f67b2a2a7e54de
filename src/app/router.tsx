import { Suspense } from 'react';
import { Center, Loader } from '@mantine/core';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { useCurrentProject } from '@/shared/project/use-project';
import { NotFoundPage } from '@/shared/ui/not-found-page';
import { projectPath } from '@/shared/project/project-route';
import { ProjectLayout } from './layout/project-layout';
import { HomeRoute } from './routes/home';
import { lazyScreen } from './lazy';

const PlaygroundPage = lazyScreen(() => import('@/features/playground/components/playground-page').then((m) => ({ default: m.PlaygroundPage })));
const RegisterPage = lazyScreen(() => import('@/features/auth/components/register-page').then((m) => ({ default: m.RegisterPage })));

function ProjectNotFound() {
  const project = useCurrentProject();
  return <NotFoundPage logoUrl={project.customLogoImageUrl} fallbackPath={projectPath(project)} />;
}

const screenFallback = <Center mih="40vh"><Loader /></Center>;

/** The routes of spec section 2 whose screens exist; anything else is the 404 page. */
export function AppRoutes() {
  return (
    <BrowserRouter>
      <Suspense fallback={screenFallback}>
        <Routes>
          <Route path="/playground" element={<PlaygroundPage />} />
          <Route path="/:project" element={<ProjectLayout />}>
            <Route index element={<HomeRoute />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="*" element={<ProjectNotFound />} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
