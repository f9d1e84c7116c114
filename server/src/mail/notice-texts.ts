import type { LanguageCode } from '@coach/shared/constants/languages';
import { type Mail, mailLanguage } from './texts.ts';

/**
 * The mails that tell a member of their work, in the nine languages as texts.ts writes its
 * mails: something assigned to them (one mail for everything one action assigned), tasks due tomorrow and not
 * done, and a reviewer's feedback. Each names what it is about and links to it in the dashboard; none carries a
 * code, a token or the feedback's words (the link asks the member to sign in). Each ends with where the member
 * chooses which of these mails they get.
 */

/** A task as a notice lists it: its title, its due date already written for the reader, and its page. */
export type NoticeTask = { title: string; due: string; link: string };

export type NoticeTexts = {
  /** Tasks and videos newly assigned; `videosLink` is the member's home, where the videos to watch are. */
  assigned: (p: {
    name: string;
    tasks: NoticeTask[];
    videos: string[];
    videosLink: string;
    settingsLink: string;
  }) => Mail;
  /** Assigned tasks due within the next day and not done yet. */
  dueTomorrow: (p: { name: string; tasks: NoticeTask[]; settingsLink: string }) => Mail;
  /** A reviewer left feedback on the member's task. */
  feedback: (p: { name: string; task: string; reviewer: string; link: string; settingsLink: string }) => Mail;
};

/** The words each language needs; the mails are put together from them the same way in every language. */
type Words = {
  hello: (name: string) => string;
  assignedIntro: string;
  tasksHeading: string;
  videosHeading: string;
  /** After a task's title: when it is due. */
  due: (date: string) => string;
  watchOn: (link: string) => string;
  newTask: (title: string) => string;
  newVideo: (title: string) => string;
  /** More than one thing assigned at once; the count is in brackets, so no plural is needed. */
  newMany: (count: number) => string;
  dueIntro: string;
  dueOne: (title: string) => string;
  dueMany: (count: number) => string;
  feedbackSubject: (task: string) => string;
  feedbackBody: (reviewer: string, task: string) => string;
  settings: (link: string) => string;
};

const WORDS: Record<LanguageCode, Words> = {
  en: {
    hello: (name) => `Hello ${name},`,
    assignedIntro: 'You have new work on Coach:',
    tasksHeading: 'Tasks:',
    videosHeading: 'Videos to watch:',
    due: (date) => `(due ${date})`,
    watchOn: (link) => `Watch them on your dashboard: ${link}`,
    newTask: (title) => `New task: ${title}`,
    newVideo: (title) => `New video to watch: ${title}`,
    newMany: (count) => `New work for you on Coach (${count})`,
    dueIntro: 'This is due tomorrow and not done yet:',
    dueOne: (title) => `Due tomorrow: ${title}`,
    dueMany: (count) => `Tasks due tomorrow (${count})`,
    feedbackSubject: (task) => `Feedback on ${task}`,
    feedbackBody: (reviewer, task) => `${reviewer} left feedback on your task “${task}”. Read it here:`,
    settings: (link) => `Choose which of these emails you get in your profile: ${link}`,
  },
  ar: {
    hello: (name) => `مرحبًا ${name}،`,
    assignedIntro: 'لديك عمل جديد على Coach:',
    tasksHeading: 'المهام:',
    videosHeading: 'مقاطع فيديو للمشاهدة:',
    due: (date) => `(مستحقة في ${date})`,
    watchOn: (link) => `شاهدها في لوحة التحكم: ${link}`,
    newTask: (title) => `مهمة جديدة: ${title}`,
    newVideo: (title) => `فيديو جديد للمشاهدة: ${title}`,
    newMany: (count) => `عمل جديد لك على Coach (${count})`,
    dueIntro: 'ما يلي مستحق غدًا ولم يُنجز بعد:',
    dueOne: (title) => `مستحقة غدًا: ${title}`,
    dueMany: (count) => `مهام مستحقة غدًا (${count})`,
    feedbackSubject: (task) => `ملاحظات على ${task}`,
    feedbackBody: (reviewer, task) => `ترك ${reviewer} ملاحظات على مهمتك «${task}». اقرأها هنا:`,
    settings: (link) => `اختر أيًّا من هذه الرسائل تصلك من ملفك الشخصي: ${link}`,
  },
  es: {
    hello: (name) => `Hola, ${name}:`,
    assignedIntro: 'Tienes trabajo nuevo en Coach:',
    tasksHeading: 'Tareas:',
    videosHeading: 'Vídeos para ver:',
    due: (date) => `(vence el ${date})`,
    watchOn: (link) => `Míralos en tu panel: ${link}`,
    newTask: (title) => `Nueva tarea: ${title}`,
    newVideo: (title) => `Nuevo vídeo para ver: ${title}`,
    newMany: (count) => `Trabajo nuevo para ti en Coach (${count})`,
    dueIntro: 'Lo siguiente vence mañana y aún no está hecho:',
    dueOne: (title) => `Vence mañana: ${title}`,
    dueMany: (count) => `Tareas que vencen mañana (${count})`,
    feedbackSubject: (task) => `Comentarios sobre ${task}`,
    feedbackBody: (reviewer, task) =>
      `${reviewer} ha dejado comentarios sobre tu tarea «${task}». Léelos aquí:`,
    settings: (link) => `Elige en tu perfil cuáles de estos correos recibes: ${link}`,
  },
  fa: {
    hello: (name) => `سلام ${name}،`,
    assignedIntro: 'کار تازه‌ای در Coach به شما سپرده شده است:',
    tasksHeading: 'وظیفه‌ها:',
    videosHeading: 'ویدیوها برای تماشا:',
    due: (date) => `(تاریخ ختم ${date})`,
    watchOn: (link) => `آن‌ها را در داشبورد خود تماشا کنید: ${link}`,
    newTask: (title) => `وظیفهٔ تازه: ${title}`,
    newVideo: (title) => `ویدیوی تازه برای تماشا: ${title}`,
    newMany: (count) => `کار تازه برای شما در Coach (${count})`,
    dueIntro: 'تاریخ ختم موارد زیر فرداست و هنوز انجام نشده‌اند:',
    dueOne: (title) => `تاریخ ختم فردا: ${title}`,
    dueMany: (count) => `وظیفه‌هایی که تاریخ ختم‌شان فرداست (${count})`,
    feedbackSubject: (task) => `نظریات دربارهٔ ${task}`,
    feedbackBody: (reviewer, task) =>
      `${reviewer} دربارهٔ وظیفهٔ «${task}» شما نظر داده است. آن را اینجا بخوانید:`,
    settings: (link) => `در پروفایل خود انتخاب کنید کدام یک از این ایمیل‌ها را دریافت کنید: ${link}`,
  },
  hi: {
    hello: (name) => `नमस्ते ${name},`,
    assignedIntro: 'Coach पर आपके लिए नया काम है:',
    tasksHeading: 'टास्क:',
    videosHeading: 'देखने के लिए वीडियो:',
    due: (date) => `(नियत ${date})`,
    watchOn: (link) => `इन्हें अपने डैशबोर्ड पर देखें: ${link}`,
    newTask: (title) => `नया टास्क: ${title}`,
    newVideo: (title) => `देखने के लिए नया वीडियो: ${title}`,
    newMany: (count) => `Coach पर आपके लिए नया काम (${count})`,
    dueIntro: 'यह कल तक करना है और अभी पूरा नहीं हुआ है:',
    dueOne: (title) => `कल तक: ${title}`,
    dueMany: (count) => `कल तक पूरे करने वाले टास्क (${count})`,
    feedbackSubject: (task) => `${task} पर फ़ीडबैक`,
    feedbackBody: (reviewer, task) => `${reviewer} ने आपके टास्क “${task}” पर फ़ीडबैक दिया है। उसे यहाँ पढ़ें:`,
    settings: (link) => `इनमें से कौन-से ईमेल आपको मिलें, यह अपनी प्रोफ़ाइल में चुनें: ${link}`,
  },
  ps: {
    hello: (name) => `سلام ${name}،`,
    assignedIntro: 'په Coach کې تاسو ته نوی کار سپارل شوی دی:',
    tasksHeading: 'دندې:',
    videosHeading: 'د کتلو لپاره ویډیوګانې:',
    due: (date) => `(د پای نیټه ${date})`,
    watchOn: (link) => `هغه په خپل ډشبورډ کې وګورئ: ${link}`,
    newTask: (title) => `نوې دنده: ${title}`,
    newVideo: (title) => `د کتلو لپاره نوې ویډیو: ${title}`,
    newMany: (count) => `په Coach کې ستاسو لپاره نوی کار (${count})`,
    dueIntro: 'د لاندې دندو د پای نیټه سبا ده او تر اوسه نه دي بشپړې شوې:',
    dueOne: (title) => `د پای نیټه سبا: ${title}`,
    dueMany: (count) => `هغه دندې چې د پای نیټه یې سبا ده (${count})`,
    feedbackSubject: (task) => `پر ${task} نظرونه`,
    feedbackBody: (reviewer, task) => `${reviewer} ستاسو پر دنده «${task}» نظر ورکړی دی. دلته یې ولولئ:`,
    settings: (link) => `په خپل پروفایل کې وټاکئ چې له دې برېښنالیکونو څخه کوم یې ترلاسه کوئ: ${link}`,
  },
  uk: {
    hello: (name) => `Вітаємо, ${name}!`,
    assignedIntro: 'У Coach для вас нова робота:',
    tasksHeading: 'Завдання:',
    videosHeading: 'Відео до перегляду:',
    due: (date) => `(термін: ${date})`,
    watchOn: (link) => `Перегляньте їх на своїй панелі: ${link}`,
    newTask: (title) => `Нове завдання: ${title}`,
    newVideo: (title) => `Нове відео до перегляду: ${title}`,
    newMany: (count) => `Нова робота для вас у Coach (${count})`,
    dueIntro: 'Термін цього спливає завтра, а його ще не виконано:',
    dueOne: (title) => `Термін завтра: ${title}`,
    dueMany: (count) => `Завдання з терміном завтра (${count})`,
    feedbackSubject: (task) => `Відгук на ${task}`,
    feedbackBody: (reviewer, task) =>
      `${reviewer} залишає відгук на ваше завдання «${task}». Прочитайте його тут:`,
    settings: (link) => `Оберіть у своєму профілі, які з цих листів отримувати: ${link}`,
  },
  vi: {
    hello: (name) => `Xin chào ${name},`,
    assignedIntro: 'Bạn có việc mới trên Coach:',
    tasksHeading: 'Bài tập:',
    videosHeading: 'Video cần xem:',
    due: (date) => `(hạn ${date})`,
    watchOn: (link) => `Xem chúng trên bảng điều khiển của bạn: ${link}`,
    newTask: (title) => `Bài tập mới: ${title}`,
    newVideo: (title) => `Video mới cần xem: ${title}`,
    newMany: (count) => `Việc mới cho bạn trên Coach (${count})`,
    dueIntro: 'Những mục sau đến hạn vào ngày mai và chưa hoàn thành:',
    dueOne: (title) => `Đến hạn ngày mai: ${title}`,
    dueMany: (count) => `Bài tập đến hạn ngày mai (${count})`,
    feedbackSubject: (task) => `Phản hồi cho ${task}`,
    feedbackBody: (reviewer, task) =>
      `${reviewer} đã để lại phản hồi cho bài tập “${task}” của bạn. Đọc tại đây:`,
    settings: (link) => `Chọn những email bạn muốn nhận trong hồ sơ của bạn: ${link}`,
  },
  'zh-Hans': {
    hello: (name) => `${name}，您好：`,
    assignedIntro: '您在 Coach 上有新的学习内容：',
    tasksHeading: '任务：',
    videosHeading: '待观看的视频：',
    due: (date) => `（截止 ${date}）`,
    watchOn: (link) => `请在仪表板上观看：${link}`,
    newTask: (title) => `新任务：${title}`,
    newVideo: (title) => `待观看的新视频：${title}`,
    newMany: (count) => `您在 Coach 上的新内容（${count}）`,
    dueIntro: '以下内容明天截止，尚未完成：',
    dueOne: (title) => `明天截止：${title}`,
    dueMany: (count) => `明天截止的任务（${count}）`,
    feedbackSubject: (task) => `关于“${task}”的反馈`,
    feedbackBody: (reviewer, task) => `${reviewer} 对您的任务“${task}”留下了反馈。请在此查看：`,
    settings: (link) => `在个人资料中选择接收哪些此类邮件：${link}`,
  },
};

const taskLines = (words: Words, tasks: NoticeTask[]) =>
  tasks.map((task) => `• ${task.title} ${words.due(task.due)}\n  ${task.link}`).join('\n');

const textsOf = (words: Words): NoticeTexts => ({
  assigned: ({ name, tasks, videos, videosLink, settingsLink }) => {
    const [onlyTask] = tasks;
    const [onlyVideo] = videos;
    const subject =
      tasks.length + videos.length > 1
        ? words.newMany(tasks.length + videos.length)
        : onlyTask
          ? words.newTask(onlyTask.title)
          : words.newVideo(onlyVideo ?? '');
    const parts = [words.hello(name), words.assignedIntro];
    if (tasks.length) parts.push(`${words.tasksHeading}\n${taskLines(words, tasks)}`);
    if (videos.length)
      parts.push(
        `${words.videosHeading}\n${videos.map((title) => `• ${title}`).join('\n')}\n${words.watchOn(videosLink)}`,
      );
    parts.push(words.settings(settingsLink));
    return { subject, text: parts.join('\n\n') };
  },
  dueTomorrow: ({ name, tasks, settingsLink }) => {
    const [onlyTask] = tasks;
    const subject =
      tasks.length === 1 && onlyTask ? words.dueOne(onlyTask.title) : words.dueMany(tasks.length);
    const text = [
      words.hello(name),
      `${words.dueIntro}\n${taskLines(words, tasks)}`,
      words.settings(settingsLink),
    ];
    return { subject, text: text.join('\n\n') };
  },
  feedback: ({ name, task, reviewer, link, settingsLink }) => ({
    subject: words.feedbackSubject(task),
    text: [
      words.hello(name),
      `${words.feedbackBody(reviewer, task)}\n${link}`,
      words.settings(settingsLink),
    ].join('\n\n'),
  }),
});

export const NOTICE_TEXTS = Object.fromEntries(
  Object.entries(WORDS).map(([code, words]) => [code, textsOf(words)]),
) as Record<LanguageCode, NoticeTexts>;

/** The notices in the reader's language: their saved one, else English (no request is there to ask). */
export const noticeTexts = (...candidates: (string | null | undefined)[]): NoticeTexts =>
  NOTICE_TEXTS[mailLanguage(...candidates)];

/** The Intl locale of a language ('fa-AF': Dari is the Persian of Afghanistan, as on the screens). */
export const noticeLocale = (code: LanguageCode) => (code === 'fa' ? 'fa-AF' : code);
