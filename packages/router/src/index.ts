/**
 * The routing API the shell and the remotes use, shared by federation as one singleton so every remote sees the
 * shell's router context. Federation cannot tree-shake a shared package, so sharing react-router-dom whole would put
 * all of it (data routers, server rendering) in front of the login screen; this curated entry ships only what we use.
 */
export {
  BrowserRouter,
  Link,
  Navigate,
  type NavigateFunction,
  NavLink,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
