import { DEFAULT_LANGUAGE, isLanguageCode, type LanguageCode } from '@coach/shared/constants/languages';
import { formatPrice } from '@coach/shared/constants/marketplace';

/**
 * The mails people receive, in the nine languages of spec §9: the sign-in code, the password reset link
 * and the invitations. Each is written for its language, not word for word; the English stays as it was. A mail
 * goes out in its reader's language (`mailLanguage`).
 */
export type Mail = { subject: string; text: string };
export type MailTexts = {
  /** The second-factor code (also the SMS text). */
  code: (p: { code: string }) => Mail;
  reset: (p: { name: string; link: string }) => Mail;
  /** A member invited by their organisation. */
  invite: (p: { name: string; company: string; link: string; email: string }) => Mail;
  /** The default admin of an organisation the platform admin opened. */
  companyInvite: (p: { name: string; company: string; link: string; email: string }) => Mail;
  /** A new sign-up's email verification link. */
  verify: (p: { name: string; link: string }) => Mail;
  /** A sign-up with an address that has an account already (the owner is told, nothing changes). */
  accountExists: (p: { loginLink: string; forgotLink: string }) => Mail;
  /** A change to how the account signs in: told to its owner whoever made it. */
  factorChanged: (p: { change: FactorChange }) => Mail;
  /** The organisation's single sign-on was set up, changed or removed: told to its default admin. */
  ssoChanged: (p: { change: 'saved' | 'removed'; company: string; issuer: string }) => Mail;
  /** A member's first sign-in through single sign-on: their account was created by it, or linked to it. */
  ssoLinked: (p: { created: boolean; company: string; issuer: string }) => Mail;
  /**
   * A marketplace course bought: `link` sets a first password (`invite`), or signs in to My courses
   * (`signIn`); `elsewhere` when the address belongs to another organisation's account (no link: the institution
   * arranges access).
   */
  courseEnrolled: (p: {
    name: string;
    course: string;
    institution: string;
    kind: 'invite' | 'signIn' | 'elsewhere';
    link: string;
    /** What was paid and the payment's reference (null for a free course). */
    payment: PaymentLines | null;
  }) => Mail;
  /** The institution refunded the course: its tasks and videos are no longer available. */
  courseRefunded: (p: {
    name: string;
    course: string;
    institution: string;
    payment: PaymentLines | null;
  }) => Mail;
};

/** A payment as a mail shows it: the amount already formatted in the reader's language, and the provider's reference. */
export type PaymentLines = { amount: string; reference: string };

/** The words of the payment lines of the course mails, per language. */
const PAYMENT_WORDS: Record<
  LanguageCode,
  { paid: string; refunded: string; reference: string; colon: string }
> = {
  en: { paid: 'Amount paid', refunded: 'Amount refunded', reference: 'Payment reference', colon: ': ' },
  ar: { paid: 'المبلغ المدفوع', refunded: 'المبلغ المسترد', reference: 'مرجع الدفع', colon: ': ' },
  fa: { paid: 'مبلغ پرداخت‌شده', refunded: 'مبلغ بازگردانده‌شده', reference: 'شمارهٔ مرجع پرداخت', colon: ': ' },
  hi: { paid: 'भुगतान की गई राशि', refunded: 'लौटाई गई राशि', reference: 'भुगतान संदर्भ', colon: ': ' },
  'zh-Hans': { paid: '支付金额', refunded: '退款金额', reference: '付款参考号', colon: '：' },
  ps: {
    paid: 'ورکړل شوې اندازه',
    refunded: 'بېرته ورکړل شوې اندازه',
    reference: 'د تادیې حواله',
    colon: ': ',
  },
  es: {
    paid: 'Importe pagado',
    refunded: 'Importe reembolsado',
    reference: 'Referencia de pago',
    colon: ': ',
  },
  uk: { paid: 'Сплачена сума', refunded: 'Повернена сума', reference: 'Номер платежу', colon: ': ' },
  vi: {
    paid: 'Số tiền đã thanh toán',
    refunded: 'Số tiền được hoàn',
    reference: 'Mã tham chiếu thanh toán',
    colon: ': ',
  },
};

/** The two payment lines of a course mail, each on its own line ('' for a free course). */
const paymentText = (language: LanguageCode, which: 'paid' | 'refunded', payment: PaymentLines | null) => {
  if (!payment) return '';
  const words = PAYMENT_WORDS[language];
  return `${words[which]}${words.colon}${payment.amount}\n${words.reference}${words.colon}${payment.reference}`;
};

/** An amount of money in a mail's language, as the dashboard shows it (English as en-AU, Dari as fa-AF). */
export const formatMailMoney = (language: LanguageCode, cents: number, currency: string) =>
  formatPrice(cents, currency, language === 'en' ? undefined : language === 'fa' ? 'fa-AF' : language);

/** The sign-in changes each account is told of by mail. */
export type FactorChange =
  | 'totp-added'
  | 'totp-removed'
  | 'recovery-used'
  | 'passkey-added'
  | 'passkey-renamed'
  | 'passkey-removed';

export const MAIL_TEXTS: Record<LanguageCode, MailTexts> = {
  en: {
    courseEnrolled: ({ name, course, institution, kind, link, payment }) => ({
      subject: `You are enrolled in ${course}`,
      text: `Hello ${name},\n\nYou are enrolled in ${course} by ${institution}.\n${payment ? `${paymentText('en', 'paid', payment)}\n\n` : ''}${kind === 'invite' ? `Choose your password with this link within 7 days, then sign in to start the course:\n${link}` : kind === 'signIn' ? `Sign in to start: the course is in My courses.\n${link}` : `This email already belongs to an account with another organisation on Coach, so ${institution} will contact you to give you access.`}\n\nCoach`,
    }),
    courseRefunded: ({ name, course, institution, payment }) => ({
      subject: `Your enrolment in ${course} was refunded`,
      text: `Hello ${name},\n\n${institution} refunded your enrolment in ${course}. Its tasks and videos are no longer in My courses; your account stays.${payment ? `\n\n${paymentText('en', 'refunded', payment)}` : ''}\n\nCoach`,
    }),
    ssoLinked: ({ created, company, issuer }) => ({
      subject: `Your Coach account and ${company}'s single sign-on`,
      text: `${created ? `Your Coach account was created when you signed in through ${company}'s single sign-on (${issuer}).` : `Your Coach account now signs in through ${company}'s single sign-on (${issuer}).`}\n\nIf this was not you, tell your administrator at once.`,
    }),
    ssoChanged: ({ change, company, issuer }) => ({
      subject: `Single sign-on changed for ${company}`,
      text: `${change === 'saved' ? `Single sign-on for ${company} on Coach now uses the identity provider ${issuer}.` : `Single sign-on for ${company} on Coach was switched off. Members sign in with their passwords again.`}\n\nIf this was not you, sign in with your password at once and check Settings › Single sign-on.`,
    }),
    code: ({ code }) => ({
      subject: 'Your Coach verification code',
      text: `Your Coach verification code is ${code}. It expires in 10 minutes.`,
    }),
    reset: ({ name, link }) => ({
      subject: 'Reset your Coach password',
      text: `Hello ${name},\n\nUse this link within 60 minutes to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this message.`,
    }),
    invite: ({ name, company, link, email }) => ({
      subject: `You are invited to ${company} on Coach`,
      text: `Hello ${name},\n\n${company} has invited you to Coach, your AI speaking coach.\nChoose your password with this link within 7 days:\n${link}\n\nThen sign in with ${email}.`,
    }),
    companyInvite: ({ name, company, link, email }) => ({
      subject: `Your ${company} account on Coach`,
      text: `Hello ${name},\n\nA Coach account has been opened for ${company}, with you as its admin.\nChoose your password with this link within 7 days:\n${link}\n\nThen sign in with ${email}.`,
    }),
    verify: ({ name, link }) => ({
      subject: 'Verify your email for Coach',
      text: `Hello ${name},\n\nPlease confirm this is your email address within 24 hours:\n${link}\n\nIf you did not create a Coach account, ignore this message.`,
    }),
    accountExists: ({ loginLink, forgotLink }) => ({
      subject: 'You already have a Coach account',
      text: `Hello,\n\nSomeone, perhaps you, tried to create a Coach account with this email address, which already has one.\nSign in at ${loginLink}, or choose a new password at ${forgotLink}.\n\nIf it was not you, you can ignore this message: nothing has changed.`,
    }),
    factorChanged: ({ change }) => ({
      subject: 'Your Coach sign-in changed',
      text: `${
        {
          'totp-added':
            'An authenticator app was added to your Coach account. Its codes can now be your second sign-in step.',
          'totp-removed':
            'The authenticator app was removed from your Coach account. Sign-in codes now come by email or SMS again.',
          'recovery-used': 'A recovery code was used to sign in to your Coach account.',
          'passkey-added': 'A passkey was added to your Coach account. It can now sign you in.',
          'passkey-renamed': 'A passkey of your Coach account was renamed.',
          'passkey-removed': 'A passkey was removed from your Coach account. It can no longer sign you in.',
        }[change]
      }\n\nIf this was not you, change your password at once and tell your administrator.`,
    }),
  },
  ar: {
    courseEnrolled: ({ name, course, institution, kind, link, payment }) => ({
      subject: `تم تسجيلك في ${course}`,
      text: `مرحبًا ${name}،\n\nتم تسجيلك في ${course} من ${institution}.\n${payment ? `${paymentText('ar', 'paid', payment)}\n\n` : ''}${kind === 'invite' ? `اختر كلمة المرور من خلال هذا الرابط خلال 7 أيام، ثم سجّل الدخول لتبدأ الدورة:\n${link}` : kind === 'signIn' ? `سجّل الدخول لتبدأ: الدورة موجودة في دوراتي.\n${link}` : `هذا البريد الإلكتروني مرتبط بالفعل بحساب لدى مؤسسة أخرى على Coach، لذا ستتواصل معك ${institution} لمنحك الوصول.`}\n\nCoach`,
    }),
    courseRefunded: ({ name, course, institution, payment }) => ({
      subject: `تم استرداد مبلغ تسجيلك في ${course}`,
      text: `مرحبًا ${name}،\n\nأعادت ${institution} مبلغ تسجيلك في ${course}. لم تعد مهامها ومقاطع الفيديو الخاصة بها في دوراتي؛ ويبقى حسابك كما هو.${payment ? `\n\n${paymentText('ar', 'refunded', payment)}` : ''}\n\nCoach`,
    }),
    ssoLinked: ({ created, company, issuer }) => ({
      subject: `حسابك في Coach وتسجيل الدخول الموحد لـ ${company}`,
      text: `${created ? `أُنشئ حسابك في Coach عندما سجّلت الدخول عبر تسجيل الدخول الموحد لـ ${company} (${issuer}).` : `أصبح حسابك في Coach يسجّل الدخول عبر تسجيل الدخول الموحد لـ ${company} (${issuer}).`}\n\nإذا لم تكن أنت، فأخبر المسؤول فورًا.`,
    }),
    ssoChanged: ({ change, company, issuer }) => ({
      subject: `تغيير تسجيل الدخول الموحد لـ ${company}`,
      text: `${change === 'saved' ? `يستخدم تسجيل الدخول الموحد لـ ${company} في Coach الآن مزوّد الهوية ${issuer}.` : `تم إيقاف تسجيل الدخول الموحد لـ ${company} في Coach. يسجّل الأعضاء الدخول بكلمات المرور مرة أخرى.`}\n\nإذا لم تكن أنت من قام بذلك، فسجّل الدخول بكلمة المرور فورًا وتحقق من الإعدادات › تسجيل الدخول الموحد.`,
    }),
    code: ({ code }) => ({
      subject: 'رمز التحقق الخاص بك في Coach',
      text: `رمز التحقق الخاص بك في Coach هو ${code}. تنتهي صلاحيته بعد 10 دقائق.`,
    }),
    reset: ({ name, link }) => ({
      subject: 'إعادة تعيين كلمة المرور في Coach',
      text: `مرحبًا ${name}،\n\nاستخدم هذا الرابط خلال 60 دقيقة لاختيار كلمة مرور جديدة:\n${link}\n\nإذا لم تطلب ذلك، فتجاهل هذه الرسالة.`,
    }),
    invite: ({ name, company, link, email }) => ({
      subject: `دعوة للانضمام إلى ${company} على Coach`,
      text: `مرحبًا ${name}،\n\nدعتك ${company} إلى Coach، مدرّبك الذكي على التحدث.\nاختر كلمة المرور من خلال هذا الرابط خلال 7 أيام:\n${link}\n\nثم سجّل الدخول باستخدام ${email}.`,
    }),
    companyInvite: ({ name, company, link, email }) => ({
      subject: `حساب ${company} على Coach`,
      text: `مرحبًا ${name}،\n\nتم فتح حساب على Coach لـ ${company}، وأنت مسؤوله.\nاختر كلمة المرور من خلال هذا الرابط خلال 7 أيام:\n${link}\n\nثم سجّل الدخول باستخدام ${email}.`,
    }),
    verify: ({ name, link }) => ({
      subject: 'تأكيد بريدك الإلكتروني في Coach',
      text: `مرحبًا ${name}،\n\nيرجى تأكيد أن هذا هو بريدك الإلكتروني خلال 24 ساعة:\n${link}\n\nإذا لم تنشئ حسابًا في Coach، فتجاهل هذه الرسالة.`,
    }),
    accountExists: ({ loginLink, forgotLink }) => ({
      subject: 'لديك حساب في Coach بالفعل',
      text: `مرحبًا،\n\nحاول شخص ما، ربما أنت، إنشاء حساب في Coach بهذا البريد الإلكتروني المرتبط بحساب موجود.\nسجّل الدخول من ${loginLink}، أو اختر كلمة مرور جديدة من ${forgotLink}.\n\nإذا لم تكن أنت، يمكنك تجاهل هذه الرسالة: لم يتغير شيء.`,
    }),
    factorChanged: ({ change }) => ({
      subject: 'تغيّر تسجيل الدخول إلى Coach',
      text: `${
        {
          'totp-added':
            'أُضيف تطبيق مصادقة إلى حسابك في Coach. يمكن أن تكون رموزه الآن خطوة تسجيل الدخول الثانية.',
          'totp-removed':
            'أُزيل تطبيق المصادقة من حسابك في Coach. تصلك رموز تسجيل الدخول الآن بالبريد الإلكتروني أو الرسائل القصيرة مرة أخرى.',
          'recovery-used': 'استُخدم رمز استرداد لتسجيل الدخول إلى حسابك في Coach.',
          'passkey-added': 'أُضيف مفتاح مرور إلى حسابك في Coach. يمكنه الآن تسجيل دخولك.',
          'passkey-renamed': 'أُعيدت تسمية مفتاح مرور في حسابك في Coach.',
          'passkey-removed': 'أُزيل مفتاح مرور من حسابك في Coach. لم يعد بإمكانه تسجيل دخولك.',
        }[change]
      }\n\nإذا لم تكن أنت، فغيّر كلمة المرور فورًا وأبلغ المسؤول.`,
    }),
  },
  fa: {
    courseEnrolled: ({ name, course, institution, kind, link, payment }) => ({
      subject: `در ${course} ثبت‌نام شدید`,
      text: `سلام ${name}،\n\nشما در ${course} از ${institution} ثبت‌نام شدید.\n${payment ? `${paymentText('fa', 'paid', payment)}\n\n` : ''}${kind === 'invite' ? `با این پیوند تا ۷ روز رمز عبور خود را انتخاب کنید، سپس وارد شوید و دوره را شروع کنید:\n${link}` : kind === 'signIn' ? `برای شروع وارد شوید: دوره در «دوره‌های من» است.\n${link}` : `این ایمیل از قبل به حسابی در سازمان دیگری در Coach تعلق دارد، بنابراین ${institution} برای دادن دسترسی با شما تماس می‌گیرد.`}\n\nCoach`,
    }),
    courseRefunded: ({ name, course, institution, payment }) => ({
      subject: `هزینهٔ ثبت‌نام شما در ${course} بازگردانده شد`,
      text: `سلام ${name}،\n\n${institution} هزینهٔ ثبت‌نام شما در ${course} را بازگرداند. وظایف و ویدیوهای آن دیگر در «دوره‌های من» نیست؛ حساب شما باقی می‌ماند.${payment ? `\n\n${paymentText('fa', 'refunded', payment)}` : ''}\n\nCoach`,
    }),
    ssoLinked: ({ created, company, issuer }) => ({
      subject: `حساب Coach شما و ورود یکپارچه ${company}`,
      text: `${created ? `حساب Coach شما هنگام ورود از طریق ورود یکپارچه ${company} (${issuer}) ساخته شد.` : `حساب Coach شما اکنون از طریق ورود یکپارچه ${company} (${issuer}) وارد می‌شود.`}\n\nاگر این شما نبودید، فوراً به مدیر خود اطلاع دهید.`,
    }),
    ssoChanged: ({ change, company, issuer }) => ({
      subject: `ورود یکپارچه برای ${company} تغییر کرد`,
      text: `${change === 'saved' ? `ورود یکپارچه برای ${company} در Coach اکنون از ارائه‌دهنده هویت ${issuer} استفاده می‌کند.` : `ورود یکپارچه برای ${company} در Coach خاموش شد. اعضا دوباره با گذرواژه خود وارد می‌شوند.`}\n\nاگر این کار را شما انجام نداده‌اید، فوراً با گذرواژه خود وارد شوید و تنظیمات › ورود یکپارچه را بررسی کنید.`,
    }),
    code: ({ code }) => ({
      subject: 'کود تأیید شما در Coach',
      text: `کود تأیید شما در Coach ${code} است. این کود پس از ۱۰ دقیقه باطل می‌شود.`,
    }),
    reset: ({ name, link }) => ({
      subject: 'تغییر رمز عبور شما در Coach',
      text: `سلام ${name}،\n\nاز این لینک در ظرف ۶۰ دقیقه برای انتخاب رمز عبور جدید استفاده کنید:\n${link}\n\nاگر شما این را نخواسته‌اید، این پیام را نادیده بگیرید.`,
    }),
    invite: ({ name, company, link, email }) => ({
      subject: `شما به ${company} در Coach دعوت شده‌اید`,
      text: `سلام ${name}،\n\n${company} شما را به Coach، مربی هوشمند گفتار تان، دعوت کرده است.\nدر ظرف ۷ روز با این لینک رمز عبور تان را انتخاب کنید:\n${link}\n\nسپس با ${email} وارد شوید.`,
    }),
    companyInvite: ({ name, company, link, email }) => ({
      subject: `حساب ${company} شما در Coach`,
      text: `سلام ${name}،\n\nیک حساب Coach برای ${company} باز شده و شما مدیر آن هستید.\nدر ظرف ۷ روز با این لینک رمز عبور تان را انتخاب کنید:\n${link}\n\nسپس با ${email} وارد شوید.`,
    }),
    verify: ({ name, link }) => ({
      subject: 'ایمیل تان را برای Coach تأیید کنید',
      text: `سلام ${name}،\n\nلطفاً در ظرف ۲۴ ساعت تأیید کنید که این ایمیل شماست:\n${link}\n\nاگر شما حساب Coach نساخته‌اید، این پیام را نادیده بگیرید.`,
    }),
    accountExists: ({ loginLink, forgotLink }) => ({
      subject: 'شما از قبل حساب Coach دارید',
      text: `سلام،\n\nکسی، شاید خود شما، کوشش کرد با این ایمیل که از قبل حساب دارد یک حساب Coach بسازد.\nاز ${loginLink} وارد شوید، یا از ${forgotLink} رمز عبور جدید انتخاب کنید.\n\nاگر شما نبودید، این پیام را نادیده بگیرید: چیزی تغییر نکرده است.`,
    }),
    factorChanged: ({ change }) => ({
      subject: 'ورود شما به Coach تغییر کرد',
      text: `${
        {
          'totp-added':
            'یک برنامه احراز هویت به حساب Coach شما افزوده شد. کدهای آن اکنون می‌توانند مرحله دوم ورود باشند.',
          'totp-removed':
            'برنامه احراز هویت از حساب Coach شما حذف شد. کدهای ورود اکنون دوباره با ایمیل یا پیامک می‌آیند.',
          'recovery-used': 'برای ورود به حساب Coach شما از یک کد بازیابی استفاده شد.',
          'passkey-added': 'یک کلید عبور به حساب Coach شما اضافه شد. اکنون می‌تواند شما را وارد کند.',
          'passkey-renamed': 'نام یک کلید عبور حساب Coach شما تغییر کرد.',
          'passkey-removed': 'یک کلید عبور از حساب Coach شما حذف شد. دیگر نمی‌تواند شما را وارد کند.',
        }[change]
      }\n\nاگر این کار شما نبود، فوراً گذرواژه خود را تغییر دهید و به مدیر خود اطلاع دهید.`,
    }),
  },
  hi: {
    courseEnrolled: ({ name, course, institution, kind, link, payment }) => ({
      subject: `आपका नामांकन ${course} में हो गया है`,
      text: `नमस्ते ${name},\n\n${institution} के ${course} में आपका नामांकन हो गया है।\n${payment ? `${paymentText('hi', 'paid', payment)}\n\n` : ''}${kind === 'invite' ? `7 दिनों के भीतर इस लिंक से अपना पासवर्ड चुनें, फिर कोर्स शुरू करने के लिए साइन इन करें:\n${link}` : kind === 'signIn' ? `शुरू करने के लिए साइन इन करें: कोर्स 'मेरे कोर्स' में है।\n${link}` : `यह ईमेल पहले से Coach पर किसी दूसरे संगठन के खाते से जुड़ा है, इसलिए ${institution} आपको पहुँच देने के लिए आपसे संपर्क करेगा।`}\n\nCoach`,
    }),
    courseRefunded: ({ name, course, institution, payment }) => ({
      subject: `${course} में आपके नामांकन का पैसा लौटा दिया गया`,
      text: `नमस्ते ${name},\n\n${institution} ने ${course} में आपके नामांकन का पैसा लौटा दिया है। इसके कार्य और वीडियो अब 'मेरे कोर्स' में नहीं हैं; आपका खाता बना रहेगा।${payment ? `\n\n${paymentText('hi', 'refunded', payment)}` : ''}\n\nCoach`,
    }),
    ssoLinked: ({ created, company, issuer }) => ({
      subject: `आपका Coach खाता और ${company} का सिंगल साइन-ऑन`,
      text: `${created ? `${company} के सिंगल साइन-ऑन (${issuer}) से साइन इन करने पर आपका Coach खाता बनाया गया।` : `आपका Coach खाता अब ${company} के सिंगल साइन-ऑन (${issuer}) से साइन इन करता है।`}\n\nअगर यह आप नहीं थे, तो तुरंत अपने व्यवस्थापक को बताएँ।`,
    }),
    ssoChanged: ({ change, company, issuer }) => ({
      subject: `${company} के लिए सिंगल साइन-ऑन बदला गया`,
      text: `${change === 'saved' ? `Coach पर ${company} का सिंगल साइन-ऑन अब पहचान प्रदाता ${issuer} का उपयोग करता है।` : `Coach पर ${company} का सिंगल साइन-ऑन बंद कर दिया गया। सदस्य फिर से अपने पासवर्ड से साइन इन करेंगे।`}\n\nअगर यह आपने नहीं किया, तो तुरंत अपने पासवर्ड से साइन इन करें और सेटिंग्स › सिंगल साइन-ऑन जाँचें।`,
    }),
    code: ({ code }) => ({
      subject: 'आपका Coach सत्यापन कोड',
      text: `आपका Coach सत्यापन कोड ${code} है। यह 10 मिनट में समाप्त हो जाएगा।`,
    }),
    reset: ({ name, link }) => ({
      subject: 'अपना Coach पासवर्ड रीसेट करें',
      text: `नमस्ते ${name},\n\nनया पासवर्ड चुनने के लिए 60 मिनट के भीतर इस लिंक का उपयोग करें:\n${link}\n\nअगर आपने यह अनुरोध नहीं किया है, तो इस संदेश को अनदेखा करें।`,
    }),
    invite: ({ name, company, link, email }) => ({
      subject: `आपको Coach पर ${company} में आमंत्रित किया गया है`,
      text: `नमस्ते ${name},\n\n${company} ने आपको Coach पर आमंत्रित किया है, जो आपका AI स्पीकिंग कोच है।\n7 दिनों के भीतर इस लिंक से अपना पासवर्ड चुनें:\n${link}\n\nफिर ${email} से साइन इन करें।`,
    }),
    companyInvite: ({ name, company, link, email }) => ({
      subject: `Coach पर आपका ${company} खाता`,
      text: `नमस्ते ${name},\n\n${company} के लिए Coach खाता खोला गया है, और आप इसके एडमिन हैं।\n7 दिनों के भीतर इस लिंक से अपना पासवर्ड चुनें:\n${link}\n\nफिर ${email} से साइन इन करें।`,
    }),
    verify: ({ name, link }) => ({
      subject: 'Coach के लिए अपना ईमेल सत्यापित करें',
      text: `नमस्ते ${name},\n\nकृपया 24 घंटों के भीतर पुष्टि करें कि यह आपका ईमेल पता है:\n${link}\n\nअगर आपने Coach अकाउंट नहीं बनाया है, तो इस संदेश को अनदेखा करें।`,
    }),
    accountExists: ({ loginLink, forgotLink }) => ({
      subject: 'आपका Coach अकाउंट पहले से है',
      text: `नमस्ते,\n\nकिसी ने, शायद आपने, इस ईमेल पते से Coach अकाउंट बनाने की कोशिश की, जिसका अकाउंट पहले से है।\n${loginLink} पर साइन इन करें, या ${forgotLink} पर नया पासवर्ड चुनें।\n\nअगर यह आप नहीं थे, तो इस संदेश को अनदेखा करें: कुछ नहीं बदला है।`,
    }),
    factorChanged: ({ change }) => ({
      subject: 'आपका Coach साइन-इन बदला गया',
      text: `${
        {
          'totp-added': 'आपके Coach खाते में एक ऑथेंटिकेटर ऐप जोड़ा गया। अब उसके कोड आपका दूसरा साइन-इन चरण हो सकते हैं।',
          'totp-removed': 'आपके Coach खाते से ऑथेंटिकेटर ऐप हटा दिया गया। साइन-इन कोड अब फिर से ईमेल या SMS से आएँगे।',
          'recovery-used': 'आपके Coach खाते में साइन इन करने के लिए एक रिकवरी कोड का उपयोग किया गया।',
          'passkey-added': 'आपके Coach खाते में एक पासकी जोड़ी गई। अब इससे आप साइन इन कर सकते हैं।',
          'passkey-renamed': 'आपके Coach खाते की एक पासकी का नाम बदला गया।',
          'passkey-removed': 'आपके Coach खाते से एक पासकी हटा दी गई। अब इससे साइन इन नहीं हो सकता।',
        }[change]
      }\n\nअगर यह आपने नहीं किया, तो तुरंत अपना पासवर्ड बदलें और अपने व्यवस्थापक को बताएँ।`,
    }),
  },
  'zh-Hans': {
    courseEnrolled: ({ name, course, institution, kind, link, payment }) => ({
      subject: `您已报名 ${course}`,
      text: `${name}，您好：\n\n您已报名 ${institution} 的 ${course}。\n${payment ? `${paymentText('zh-Hans', 'paid', payment)}\n\n` : ''}${kind === 'invite' ? `请在 7 天内通过此链接设置密码，然后登录开始学习：\n${link}` : kind === 'signIn' ? `登录即可开始：课程在“我的课程”中。\n${link}` : `此邮箱已属于 Coach 上另一个机构的账户，${institution} 会联系您为您开通访问。`}\n\nCoach`,
    }),
    courseRefunded: ({ name, course, institution, payment }) => ({
      subject: `您在 ${course} 的报名已退款`,
      text: `${name}，您好：\n\n${institution} 已退还您在 ${course} 的报名费用。其任务和视频已不在“我的课程”中；您的账户会保留。${payment ? `\n\n${paymentText('zh-Hans', 'refunded', payment)}` : ''}\n\nCoach`,
    }),
    ssoLinked: ({ created, company, issuer }) => ({
      subject: `您的 Coach 账户与 ${company} 的单点登录`,
      text: `${created ? `您通过 ${company} 的单点登录（${issuer}）登录时，系统创建了您的 Coach 账户。` : `您的 Coach 账户现在通过 ${company} 的单点登录（${issuer}）登录。`}\n\n如果这不是您本人，请立即告知管理员。`,
    }),
    ssoChanged: ({ change, company, issuer }) => ({
      subject: `${company} 的单点登录已更改`,
      text: `${change === 'saved' ? `${company} 在 Coach 上的单点登录现在使用身份提供方 ${issuer}。` : `${company} 在 Coach 上的单点登录已关闭。成员重新使用密码登录。`}\n\n如果这不是您本人操作，请立即用密码登录并检查“设置 › 单点登录”。`,
    }),
    code: ({ code }) => ({
      subject: '您的 Coach 验证码',
      text: `您的 Coach 验证码是 ${code}，10 分钟内有效。`,
    }),
    reset: ({ name, link }) => ({
      subject: '重置您的 Coach 密码',
      text: `${name}，您好：\n\n请在 60 分钟内通过此链接设置新密码：\n${link}\n\n如果这不是您本人的操作，请忽略此邮件。`,
    }),
    invite: ({ name, company, link, email }) => ({
      subject: `${company} 邀请您加入 Coach`,
      text: `${name}，您好：\n\n${company} 邀请您使用 Coach，您的 AI 口语教练。\n请在 7 天内通过此链接设置密码：\n${link}\n\n然后使用 ${email} 登录。`,
    }),
    companyInvite: ({ name, company, link, email }) => ({
      subject: `您在 Coach 上的 ${company} 账户`,
      text: `${name}，您好：\n\n已为 ${company} 开通 Coach 账户，您是其管理员。\n请在 7 天内通过此链接设置密码：\n${link}\n\n然后使用 ${email} 登录。`,
    }),
    verify: ({ name, link }) => ({
      subject: '验证您的 Coach 邮箱',
      text: `${name}，您好：\n\n请在 24 小时内确认这是您的邮箱地址：\n${link}\n\n如果您没有创建 Coach 账户，请忽略此邮件。`,
    }),
    accountExists: ({ loginLink, forgotLink }) => ({
      subject: '您已有 Coach 账户',
      text: `您好：\n\n有人（可能是您）尝试用这个已有账户的邮箱地址创建 Coach 账户。\n请在 ${loginLink} 登录，或在 ${forgotLink} 设置新密码。\n\n如果不是您本人操作，请忽略此邮件：什么都没有改变。`,
    }),
    factorChanged: ({ change }) => ({
      subject: '您的 Coach 登录方式已更改',
      text: `${
        {
          'totp-added': '您的 Coach 账户已添加身份验证器应用。现在可以用它的验证码完成第二步登录。',
          'totp-removed': '您的 Coach 账户已移除身份验证器应用。登录验证码将重新通过电子邮件或短信发送。',
          'recovery-used': '有人使用恢复码登录了您的 Coach 账户。',
          'passkey-added': '您的 Coach 账户已添加一个通行密钥。现在可以用它登录。',
          'passkey-renamed': '您的 Coach 账户的一个通行密钥已重命名。',
          'passkey-removed': '您的 Coach 账户已移除一个通行密钥。它不能再用于登录。',
        }[change]
      }\n\n如果这不是您本人操作，请立即更改密码并告知管理员。`,
    }),
  },
  ps: {
    courseEnrolled: ({ name, course, institution, kind, link, payment }) => ({
      subject: `تاسو په ${course} کې نوم لیکنه وکړه`,
      text: `سلام ${name}،\n\nتاسو د ${institution} په ${course} کې نوم لیکنه وکړه.\n${payment ? `${paymentText('ps', 'paid', payment)}\n\n` : ''}${kind === 'invite' ? `په ۷ ورځو کې د دې لینک له لارې خپل پټنوم وټاکئ، بیا ننوځئ او کورس پیل کړئ:\n${link}` : kind === 'signIn' ? `د پیل لپاره ننوځئ: کورس په «زما کورسونه» کې دی.\n${link}` : `دا برېښنالیک دمخه په Coach کې د بل سازمان له حساب سره تړلی دی، نو ${institution} به د لاسرسي لپاره تاسو سره اړیکه ونیسي.`}\n\nCoach`,
    }),
    courseRefunded: ({ name, course, institution, payment }) => ({
      subject: `په ${course} کې ستاسو د نوم لیکنې پیسې بېرته ورکړل شوې`,
      text: `سلام ${name}،\n\n${institution} په ${course} کې ستاسو د نوم لیکنې پیسې بېرته درکړې. د هغې دندې او ویډیوګانې نور په «زما کورسونه» کې نشته؛ ستاسو حساب پاتې کېږي.${payment ? `\n\n${paymentText('ps', 'refunded', payment)}` : ''}\n\nCoach`,
    }),
    ssoLinked: ({ created, company, issuer }) => ({
      subject: `ستاسو د Coach حساب او د ${company} یو ځایی ننوتل`,
      text: `${created ? `ستاسو د Coach حساب هغه وخت جوړ شو چې تاسو د ${company} د یو ځایی ننوتلو (${issuer}) له لارې ننوتلئ.` : `ستاسو د Coach حساب اوس د ${company} د یو ځایی ننوتلو (${issuer}) له لارې ننوځي.`}\n\nکه دا تاسو نه وئ، سمدستي خپل مدیر ته ووایاست.`,
    }),
    ssoChanged: ({ change, company, issuer }) => ({
      subject: `د ${company} لپاره یو ځایی ننوتل بدل شو`,
      text: `${change === 'saved' ? `په Coach کې د ${company} یو ځایی ننوتل اوس د هویت برابرونکی ${issuer} کاروي.` : `په Coach کې د ${company} یو ځایی ننوتل بند شو. غړي بیا په خپلو پټنومونو ننوځي.`}\n\nکه دا تاسو نه وو کړی، سمدستي په خپل پټنوم ننوځئ او ترتیبات › یو ځایی ننوتل وګورئ.`,
    }),
    code: ({ code }) => ({
      subject: 'په Coach کې ستاسو د تایید کوډ',
      text: `په Coach کې ستاسو د تایید کوډ ${code} دی. دا کوډ په ۱۰ دقیقو کې پای ته رسېږي.`,
    }),
    reset: ({ name, link }) => ({
      subject: 'په Coach کې خپل پټنوم بیا وټاکئ',
      text: `سلام ${name}،\n\nد نوي پټنوم د ټاکلو لپاره دا لینک په ۶۰ دقیقو کې وکاروئ:\n${link}\n\nکه تاسو دا غوښتنه نه ده کړې، دا پیغام پرېږدئ.`,
    }),
    invite: ({ name, company, link, email }) => ({
      subject: `تاسو په Coach کې ${company} ته رابلل شوي یاست`,
      text: `سلام ${name}،\n\n${company} تاسو Coach ته رابللي یاست، چې ستاسو د خبرو کولو هوښیار روزونکی دی.\nپه ۷ ورځو کې د دې لینک له لارې خپل پټنوم وټاکئ:\n${link}\n\nبیا د ${email} سره ننوځئ.`,
    }),
    companyInvite: ({ name, company, link, email }) => ({
      subject: `په Coach کې د ${company} حساب`,
      text: `سلام ${name}،\n\nد ${company} لپاره د Coach حساب پرانیستل شوی، او تاسو یې مدیر یاست.\nپه ۷ ورځو کې د دې لینک له لارې خپل پټنوم وټاکئ:\n${link}\n\nبیا د ${email} سره ننوځئ.`,
    }),
    verify: ({ name, link }) => ({
      subject: 'د Coach لپاره خپل برېښنالیک تایید کړئ',
      text: `سلام ${name}،\n\nمهرباني وکړئ په ۲۴ ساعتونو کې تایید کړئ چې دا ستاسو برېښنالیک دی:\n${link}\n\nکه تاسو د Coach حساب نه دی جوړ کړی، دا پیغام پرېږدئ.`,
    }),
    accountExists: ({ loginLink, forgotLink }) => ({
      subject: 'تاسو دمخه د Coach حساب لرئ',
      text: `سلام،\n\nچا، ښايي تاسو، هڅه وکړه چې په دې برېښنالیک چې دمخه حساب لري د Coach حساب جوړ کړي.\nپه ${loginLink} کې ننوځئ، یا په ${forgotLink} کې نوی پټنوم وټاکئ.\n\nکه تاسو نه وئ، دا پیغام پرېږدئ: هېڅ شی نه دی بدل شوی.`,
    }),
    factorChanged: ({ change }) => ({
      subject: 'ستاسو د Coach ننوتل بدل شو',
      text: `${
        {
          'totp-added':
            'ستاسو Coach حساب ته د تصدیق اپ ورزیات شو. اوس یې کوډونه ستاسو د ننوتلو دوهم پړاو کېدای شي.',
          'totp-removed':
            'د تصدیق اپ ستاسو له Coach حساب څخه لرې شو. د ننوتلو کوډونه اوس بیا په برېښنالیک یا SMS راځي.',
          'recovery-used': 'ستاسو Coach حساب ته د ننوتلو لپاره د بیا رغونې کوډ وکارول شو.',
          'passkey-added': 'ستاسو Coach حساب ته یو پاسکي ورزیات شو. اوس تاسو پرې ننوتلی شئ.',
          'passkey-renamed': 'ستاسو د Coach حساب د یوې پاسکي نوم بدل شو.',
          'passkey-removed': 'ستاسو له Coach حساب څخه یوه پاسکي لرې شوه. نور پرې نه شئ ننوتلی.',
        }[change]
      }\n\nکه دا تاسو نه وئ، سمدستي خپل پټنوم بدل کړئ او خپل مدیر ته ووایاست.`,
    }),
  },
  es: {
    courseEnrolled: ({ name, course, institution, kind, link, payment }) => ({
      subject: `Te has inscrito en ${course}`,
      text: `Hola, ${name}:\n\nTe has inscrito en ${course} de ${institution}.\n${payment ? `${paymentText('es', 'paid', payment)}\n\n` : ''}${kind === 'invite' ? `Elige tu contraseña con este enlace en un plazo de 7 días y luego inicia sesión para empezar el curso:\n${link}` : kind === 'signIn' ? `Inicia sesión para empezar: el curso está en Mis cursos.\n${link}` : `Este correo ya pertenece a una cuenta de otra organización en Coach, así que ${institution} se pondrá en contacto contigo para darte acceso.`}\n\nCoach`,
    }),
    courseRefunded: ({ name, course, institution, payment }) => ({
      subject: `Se reembolsó tu inscripción en ${course}`,
      text: `Hola, ${name}:\n\n${institution} reembolsó tu inscripción en ${course}. Sus tareas y vídeos ya no están en Mis cursos; tu cuenta se mantiene.${payment ? `\n\n${paymentText('es', 'refunded', payment)}` : ''}\n\nCoach`,
    }),
    ssoLinked: ({ created, company, issuer }) => ({
      subject: `Tu cuenta de Coach y el inicio de sesión único de ${company}`,
      text: `${created ? `Tu cuenta de Coach se creó al entrar con el inicio de sesión único de ${company} (${issuer}).` : `Tu cuenta de Coach ahora entra con el inicio de sesión único de ${company} (${issuer}).`}\n\nSi no fuiste tú, avisa de inmediato a tu administrador.`,
    }),
    ssoChanged: ({ change, company, issuer }) => ({
      subject: `Cambió el inicio de sesión único de ${company}`,
      text: `${change === 'saved' ? `El inicio de sesión único de ${company} en Coach usa ahora el proveedor de identidad ${issuer}.` : `Se desactivó el inicio de sesión único de ${company} en Coach. Los miembros vuelven a entrar con su contraseña.`}\n\nSi no fuiste tú, entra con tu contraseña de inmediato y revisa Ajustes › Inicio de sesión único.`,
    }),
    code: ({ code }) => ({
      subject: 'Tu código de verificación de Coach',
      text: `Tu código de verificación de Coach es ${code}. Caduca en 10 minutos.`,
    }),
    reset: ({ name, link }) => ({
      subject: 'Restablece tu contraseña de Coach',
      text: `Hola, ${name}:\n\nUsa este enlace en los próximos 60 minutos para elegir una contraseña nueva:\n${link}\n\nSi no lo has pedido tú, ignora este mensaje.`,
    }),
    invite: ({ name, company, link, email }) => ({
      subject: `${company} te invita a Coach`,
      text: `Hola, ${name}:\n\n${company} te ha invitado a Coach, tu coach de expresión oral con IA.\nElige tu contraseña con este enlace en los próximos 7 días:\n${link}\n\nDespués, inicia sesión con ${email}.`,
    }),
    companyInvite: ({ name, company, link, email }) => ({
      subject: `Tu cuenta de ${company} en Coach`,
      text: `Hola, ${name}:\n\nSe ha abierto una cuenta de Coach para ${company} y tú eres su administrador.\nElige tu contraseña con este enlace en los próximos 7 días:\n${link}\n\nDespués, inicia sesión con ${email}.`,
    }),
    verify: ({ name, link }) => ({
      subject: 'Verifica tu correo para Coach',
      text: `Hola, ${name}:\n\nConfirma en las próximas 24 horas que esta es tu dirección de correo:\n${link}\n\nSi no has creado una cuenta de Coach, ignora este mensaje.`,
    }),
    accountExists: ({ loginLink, forgotLink }) => ({
      subject: 'Ya tienes una cuenta de Coach',
      text: `Hola:\n\nAlguien, quizá tú, ha intentado crear una cuenta de Coach con esta dirección de correo, que ya tiene una.\nInicia sesión en ${loginLink} o elige una contraseña nueva en ${forgotLink}.\n\nSi no has sido tú, puedes ignorar este mensaje: no ha cambiado nada.`,
    }),
    factorChanged: ({ change }) => ({
      subject: 'Ha cambiado su inicio de sesión en Coach',
      text: `${
        {
          'totp-added':
            'Se añadió una aplicación de autenticación a su cuenta de Coach. Sus códigos pueden ser ahora el segundo paso para iniciar sesión.',
          'totp-removed':
            'Se quitó la aplicación de autenticación de su cuenta de Coach. Los códigos de inicio de sesión vuelven a llegar por correo o SMS.',
          'recovery-used': 'Se usó un código de recuperación para iniciar sesión en su cuenta de Coach.',
          'passkey-added':
            'Se agregó una llave de acceso a su cuenta de Coach. Ahora puede iniciar sesión con ella.',
          'passkey-renamed': 'Se cambió el nombre de una llave de acceso de su cuenta de Coach.',
          'passkey-removed':
            'Se quitó una llave de acceso de su cuenta de Coach. Ya no puede iniciar sesión con ella.',
        }[change]
      }\n\nSi no fue usted, cambie su contraseña de inmediato y avise a su administrador.`,
    }),
  },
  uk: {
    courseEnrolled: ({ name, course, institution, kind, link, payment }) => ({
      subject: `Ви зареєстровані на курс ${course}`,
      text: `Вітаємо, ${name}!\n\nВи зареєстровані на курс ${course} від ${institution}.\n${payment ? `${paymentText('uk', 'paid', payment)}\n\n` : ''}${kind === 'invite' ? `Оберіть пароль за цим посиланням протягом 7 днів, а потім увійдіть, щоб почати курс:\n${link}` : kind === 'signIn' ? `Увійдіть, щоб почати: курс у розділі «Мої курси».\n${link}` : `Ця адреса вже належить обліковому запису іншої організації в Coach, тож ${institution} зв'яжеться з вами, щоб надати доступ.`}\n\nCoach`,
    }),
    courseRefunded: ({ name, course, institution, payment }) => ({
      subject: `Оплату за курс ${course} повернено`,
      text: `Вітаємо, ${name}!\n\n${institution} повернула оплату за курс ${course}. Його завдань і відео більше немає в розділі «Мої курси»; ваш обліковий запис залишається.${payment ? `\n\n${paymentText('uk', 'refunded', payment)}` : ''}\n\nCoach`,
    }),
    ssoLinked: ({ created, company, issuer }) => ({
      subject: `Ваш обліковий запис Coach і єдиний вхід ${company}`,
      text: `${created ? `Ваш обліковий запис Coach створено, коли ви увійшли через єдиний вхід ${company} (${issuer}).` : `Ваш обліковий запис Coach тепер входить через єдиний вхід ${company} (${issuer}).`}\n\nЯкщо це були не ви, негайно повідомте адміністратора.`,
    }),
    ssoChanged: ({ change, company, issuer }) => ({
      subject: `Єдиний вхід для ${company} змінено`,
      text: `${change === 'saved' ? `Єдиний вхід для ${company} у Coach тепер використовує постачальника ідентичності ${issuer}.` : `Єдиний вхід для ${company} у Coach вимкнено. Учасники знову входять зі своїми паролями.`}\n\nЯкщо це були не ви, негайно увійдіть зі своїм паролем і перевірте Налаштування › Єдиний вхід.`,
    }),
    code: ({ code }) => ({
      subject: 'Ваш код підтвердження Coach',
      text: `Ваш код підтвердження Coach: ${code}. Він дійсний 10 хвилин.`,
    }),
    reset: ({ name, link }) => ({
      subject: 'Скидання пароля Coach',
      text: `Вітаємо, ${name}!\n\nПротягом 60 хвилин перейдіть за цим посиланням, щоб вибрати новий пароль:\n${link}\n\nЯкщо ви цього не просили, просто проігноруйте цей лист.`,
    }),
    invite: ({ name, company, link, email }) => ({
      subject: `${company} запрошує вас до Coach`,
      text: `Вітаємо, ${name}!\n\n${company} запрошує вас до Coach — вашого ШІ-тренера з усного мовлення.\nПротягом 7 днів виберіть пароль за цим посиланням:\n${link}\n\nПотім увійдіть з адресою ${email}.`,
    }),
    companyInvite: ({ name, company, link, email }) => ({
      subject: `Ваш обліковий запис ${company} у Coach`,
      text: `Вітаємо, ${name}!\n\nДля ${company} відкрито обліковий запис Coach, і ви його адміністратор.\nПротягом 7 днів виберіть пароль за цим посиланням:\n${link}\n\nПотім увійдіть з адресою ${email}.`,
    }),
    verify: ({ name, link }) => ({
      subject: 'Підтвердьте пошту для Coach',
      text: `Вітаємо, ${name}!\n\nПротягом 24 годин підтвердьте, що це ваша адреса електронної пошти:\n${link}\n\nЯкщо ви не створювали обліковий запис Coach, проігноруйте цей лист.`,
    }),
    accountExists: ({ loginLink, forgotLink }) => ({
      subject: 'У вас уже є обліковий запис Coach',
      text: `Вітаємо!\n\nХтось, можливо ви, спробував створити обліковий запис Coach з цією адресою, для якої він уже існує.\nУвійдіть на ${loginLink} або виберіть новий пароль на ${forgotLink}.\n\nЯкщо це були не ви, проігноруйте цей лист: нічого не змінилося.`,
    }),
    factorChanged: ({ change }) => ({
      subject: 'Вхід до Coach змінено',
      text: `${
        {
          'totp-added':
            'До вашого облікового запису Coach додано застосунок-автентифікатор. Його коди тепер можуть бути другим кроком входу.',
          'totp-removed':
            'Застосунок-автентифікатор вилучено з вашого облікового запису Coach. Коди входу знову надходитимуть електронною поштою або SMS.',
          'recovery-used': 'Для входу до вашого облікового запису Coach використано код відновлення.',
          'passkey-added': 'До вашого облікового запису Coach додано ключ доступу. Тепер ним можна входити.',
          'passkey-renamed': 'Ключ доступу вашого облікового запису Coach перейменовано.',
          'passkey-removed':
            'З вашого облікового запису Coach видалено ключ доступу. Ним більше не можна входити.',
        }[change]
      }\n\nЯкщо це були не ви, негайно змініть пароль і повідомте адміністратора.`,
    }),
  },
  vi: {
    courseEnrolled: ({ name, course, institution, kind, link, payment }) => ({
      subject: `Bạn đã đăng ký khóa ${course}`,
      text: `Xin chào ${name},\n\nBạn đã đăng ký khóa ${course} của ${institution}.\n${payment ? `${paymentText('vi', 'paid', payment)}\n\n` : ''}${kind === 'invite' ? `Hãy chọn mật khẩu qua liên kết này trong vòng 7 ngày, rồi đăng nhập để bắt đầu khóa học:\n${link}` : kind === 'signIn' ? `Đăng nhập để bắt đầu: khóa học nằm trong Khóa học của tôi.\n${link}` : `Email này đã thuộc về một tài khoản của tổ chức khác trên Coach, vì vậy ${institution} sẽ liên hệ với bạn để cấp quyền truy cập.`}\n\nCoach`,
    }),
    courseRefunded: ({ name, course, institution, payment }) => ({
      subject: `Khoản đăng ký khóa ${course} của bạn đã được hoàn tiền`,
      text: `Xin chào ${name},\n\n${institution} đã hoàn tiền khoản đăng ký khóa ${course} của bạn. Các nhiệm vụ và video của khóa không còn trong Khóa học của tôi; tài khoản của bạn vẫn được giữ.${payment ? `\n\n${paymentText('vi', 'refunded', payment)}` : ''}\n\nCoach`,
    }),
    ssoLinked: ({ created, company, issuer }) => ({
      subject: `Tài khoản Coach của bạn và đăng nhập một lần của ${company}`,
      text: `${created ? `Tài khoản Coach của bạn đã được tạo khi bạn đăng nhập qua đăng nhập một lần của ${company} (${issuer}).` : `Tài khoản Coach của bạn giờ đăng nhập qua đăng nhập một lần của ${company} (${issuer}).`}\n\nNếu không phải bạn, hãy báo ngay cho quản trị viên.`,
    }),
    ssoChanged: ({ change, company, issuer }) => ({
      subject: `Đăng nhập một lần của ${company} đã thay đổi`,
      text: `${change === 'saved' ? `Đăng nhập một lần của ${company} trên Coach giờ dùng nhà cung cấp danh tính ${issuer}.` : `Đăng nhập một lần của ${company} trên Coach đã bị tắt. Thành viên đăng nhập lại bằng mật khẩu.`}\n\nNếu không phải bạn, hãy đăng nhập bằng mật khẩu ngay và kiểm tra Cài đặt › Đăng nhập một lần.`,
    }),
    code: ({ code }) => ({
      subject: 'Mã xác minh Coach của bạn',
      text: `Mã xác minh Coach của bạn là ${code}. Mã hết hạn sau 10 phút.`,
    }),
    reset: ({ name, link }) => ({
      subject: 'Đặt lại mật khẩu Coach',
      text: `Xin chào ${name},\n\nHãy dùng liên kết này trong vòng 60 phút để chọn mật khẩu mới:\n${link}\n\nNếu bạn không yêu cầu việc này, hãy bỏ qua thư này.`,
    }),
    invite: ({ name, company, link, email }) => ({
      subject: `${company} mời bạn tham gia Coach`,
      text: `Xin chào ${name},\n\n${company} đã mời bạn dùng Coach, huấn luyện viên luyện nói AI của bạn.\nHãy chọn mật khẩu bằng liên kết này trong vòng 7 ngày:\n${link}\n\nSau đó đăng nhập bằng ${email}.`,
    }),
    companyInvite: ({ name, company, link, email }) => ({
      subject: `Tài khoản ${company} của bạn trên Coach`,
      text: `Xin chào ${name},\n\nMột tài khoản Coach đã được mở cho ${company}, với bạn là quản trị viên.\nHãy chọn mật khẩu bằng liên kết này trong vòng 7 ngày:\n${link}\n\nSau đó đăng nhập bằng ${email}.`,
    }),
    verify: ({ name, link }) => ({
      subject: 'Xác minh email của bạn cho Coach',
      text: `Xin chào ${name},\n\nVui lòng xác nhận đây là địa chỉ email của bạn trong vòng 24 giờ:\n${link}\n\nNếu bạn không tạo tài khoản Coach, hãy bỏ qua thư này.`,
    }),
    accountExists: ({ loginLink, forgotLink }) => ({
      subject: 'Bạn đã có tài khoản Coach',
      text: `Xin chào,\n\nCó người, có thể là bạn, đã thử tạo tài khoản Coach bằng địa chỉ email này, vốn đã có tài khoản.\nĐăng nhập tại ${loginLink}, hoặc chọn mật khẩu mới tại ${forgotLink}.\n\nNếu đó không phải bạn, bạn có thể bỏ qua thư này: không có gì thay đổi.`,
    }),
    factorChanged: ({ change }) => ({
      subject: 'Cách đăng nhập Coach của bạn đã thay đổi',
      text: `${
        {
          'totp-added':
            'Một ứng dụng xác thực đã được thêm vào tài khoản Coach của bạn. Mã của ứng dụng giờ có thể là bước đăng nhập thứ hai.',
          'totp-removed':
            'Ứng dụng xác thực đã bị gỡ khỏi tài khoản Coach của bạn. Mã đăng nhập sẽ lại được gửi qua email hoặc SMS.',
          'recovery-used': 'Một mã khôi phục đã được dùng để đăng nhập vào tài khoản Coach của bạn.',
          'passkey-added':
            'Một khóa truy cập đã được thêm vào tài khoản Coach của bạn. Giờ bạn có thể đăng nhập bằng nó.',
          'passkey-renamed': 'Một khóa truy cập của tài khoản Coach của bạn đã được đổi tên.',
          'passkey-removed':
            'Một khóa truy cập đã bị xóa khỏi tài khoản Coach của bạn. Nó không còn đăng nhập được nữa.',
        }[change]
      }\n\nNếu không phải bạn, hãy đổi mật khẩu ngay và báo cho quản trị viên.`,
    }),
  },
};

/**
 * The language a mail goes out in: the reader's saved language, else the language of the request that sends it
 * (the screen the person, or the inviter, is using: the dashboard sends it as Accept-Language), else English.
 */
export const mailLanguage = (...candidates: (string | null | undefined)[]): LanguageCode =>
  candidates.find(isLanguageCode) ?? DEFAULT_LANGUAGE;

export const mailTexts = (...candidates: (string | null | undefined)[]): MailTexts =>
  MAIL_TEXTS[mailLanguage(...candidates)];
