import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { readToast } from "./toast.server";

/**
 * Whether the page being rendered answers a form: an action's own answer to a POST (a refused
 * form shown again), or the page a POST redirected to (Post/Redirect/Get, which always carries
 * its flash toast). The fraud notice opens on navigation, not on these (see ~/features/site/screens/fraud-notice).
 */
const formAnswerContext = createContext(false);

/** Root middleware: notes a POST before the action runs (its loaders see a GET). */
export const formAnswerMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  context.set(formAnswerContext, request.method.toUpperCase() === "POST" || (await readToast(request)) !== null);
  return next();
};

export function isFormAnswer(context: Readonly<RouterContextProvider>): boolean {
  return context.get(formAnswerContext);
}
