import admin from "./admin";
import auth from "./auth";
import catalog from "./catalog";
import common from "./common";
import contact from "./contact";
import home from "./home";
import legal from "./legal";
import protection from "./protection";
import report from "./report";
import verify from "./verify";

export default { common, home, catalog, verify, contact, auth, admin, legal, protection, report };
